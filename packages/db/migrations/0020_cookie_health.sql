ALTER TABLE "cookie_sets" ADD COLUMN "last_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cookie_sets" ADD COLUMN "last_failure" text;