CREATE TABLE "download_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"result_file_name" text,
	"quality" text NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"source_item_id" text NOT NULL,
	"source_url" text NOT NULL,
	"direct_url" text,
	"result_file_name" text,
	"title" text NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"quality" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"mime" text,
	"error" text,
	"batch_id" uuid,
	"item" jsonb,
	"hidden_from_history_at" timestamp with time zone,
	"file_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "downloads_status_check" CHECK ("downloads"."status" in ('queued', 'running', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "downloads_quality_check" CHECK ("downloads"."quality" in ('best', '1080p', '720p', 'audio-only'))
);
--> statement-breakpoint
CREATE TABLE "previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"source_item_id" text NOT NULL,
	"source_url" text NOT NULL,
	"direct_url" text,
	"format" text NOT NULL,
	"max_duration_secs" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cookie_sets" ADD COLUMN "rotation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "download_batches" ADD CONSTRAINT "download_batches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_owner_created_idx" ON "downloads" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "downloads_created_idx" ON "downloads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "downloads_owner_platform_created_idx" ON "downloads" USING btree ("owner_id","platform","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "downloads_owner_title_idx" ON "downloads" USING btree ("owner_id","title");--> statement-breakpoint
CREATE INDEX "downloads_owner_author_idx" ON "downloads" USING btree ("owner_id","author");--> statement-breakpoint
CREATE INDEX "downloads_batch_idx" ON "downloads" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "downloads_one_active_per_item" ON "downloads" USING btree ("owner_id","platform","source_item_id","quality") WHERE "downloads"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "previews_item_idx" ON "previews" USING btree ("platform","source_item_id","format","max_duration_secs");