ALTER TABLE "maintenance_runs" ADD COLUMN "trigger" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "apify_start_marker" text;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "apify_start_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "upload_session_url" text;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "upload_session_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "upload_session_bytes" bigint;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "rendered_storage_key" text;