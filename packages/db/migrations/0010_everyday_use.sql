ALTER TABLE "youtube_uploads" DROP CONSTRAINT "youtube_uploads_status_check";--> statement-breakpoint
ALTER TABLE "youtube_uploads" DROP CONSTRAINT "youtube_uploads_source_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "counts" jsonb;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "warning" text;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "error_detail" text;--> statement-breakpoint
ALTER TABLE "download_batches" ADD COLUMN "source" text DEFAULT 'result' NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "error_detail" text;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "redownload_of" uuid;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "source_download_id" uuid;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "error_detail" text;--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD CONSTRAINT "deletion_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD CONSTRAINT "youtube_uploads_status_check" CHECK ("youtube_uploads"."status" in ('scheduled', 'processing', 'uploaded', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD CONSTRAINT "youtube_uploads_source_check" CHECK ("youtube_uploads"."source_kind" in ('file', 'url', 'server'));