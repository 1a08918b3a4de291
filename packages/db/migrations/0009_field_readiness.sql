CREATE TABLE "tool_update_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool" text DEFAULT 'yt-dlp' NOT NULL,
	"hostname" text NOT NULL,
	"worker_id" uuid,
	"outcome" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"latest_version" text,
	"message" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_client_secrets" DROP CONSTRAINT "oauth_client_secrets_quota_check";--> statement-breakpoint
ALTER TABLE "worker_heartbeats" ADD COLUMN "tools" jsonb;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "model_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "usage_total_usd" numeric(12, 6);--> statement-breakpoint
ALTER TABLE "oauth_client_secrets" ADD COLUMN "quota_daily_uploads" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "contains_synthetic_media" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD COLUMN "youtube_privacy_status" text;--> statement-breakpoint
CREATE INDEX "tool_update_checks_host_idx" ON "tool_update_checks" USING btree ("tool","hostname","finished_at" DESC NULLS LAST);--> statement-breakpoint
-- Uploads no longer come out of the 10,000 units (their own bucket since 2026-06-01): take what
-- earlier uploads were charged out of the shared count, so today's figures are right at once.
UPDATE "youtube_quota_usage" AS u SET "units_used" = greatest(0, u."units_used" - u."uploads" * c."quota_upload_units") FROM "oauth_client_secrets" AS c WHERE c."id" = u."client_secret_id";--> statement-breakpoint
ALTER TABLE "oauth_client_secrets" DROP COLUMN "quota_upload_units";--> statement-breakpoint
ALTER TABLE "oauth_client_secrets" ADD CONSTRAINT "oauth_client_secrets_quota_check" CHECK ("oauth_client_secrets"."quota_daily_units" > 0 and "oauth_client_secrets"."quota_daily_uploads" > 0);