CREATE TABLE "member_cookies" (
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"sealed_cookies" text NOT NULL,
	"cookie_count" integer NOT NULL,
	"earliest_expiry" timestamp with time zone,
	"last_synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failed_at" timestamp with time zone,
	"last_failure" text,
	CONSTRAINT "member_cookies_owner_id_platform_pk" PRIMARY KEY("owner_id","platform")
);
--> statement-breakpoint
ALTER TABLE "member_cookies" ADD CONSTRAINT "member_cookies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;