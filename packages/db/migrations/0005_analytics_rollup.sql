CREATE TABLE "download_daily_stats" (
	"owner_id" uuid NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"status" text NOT NULL,
	"downloads" integer NOT NULL,
	"stored_bytes" bigint NOT NULL,
	CONSTRAINT "download_daily_stats_pkey" PRIMARY KEY("owner_id","day","platform","status"),
	CONSTRAINT "download_daily_stats_status_check" CHECK ("download_daily_stats"."status" in ('completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "download_daily_totals" (
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"status" text NOT NULL,
	"downloads" integer NOT NULL,
	"stored_bytes" bigint NOT NULL,
	CONSTRAINT "download_daily_totals_pkey" PRIMARY KEY("day","platform","status"),
	CONSTRAINT "download_daily_totals_status_check" CHECK ("download_daily_totals"."status" in ('completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "download_daily_stats" ADD CONSTRAINT "download_daily_stats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;