CREATE TABLE "automation_items" (
	"automation_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"run_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"title_key" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"platform" text NOT NULL,
	"download_id" uuid,
	"downloaded_at" timestamp with time zone,
	"upload_id" uuid,
	"publish_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_items_automation_id_item_key_pk" PRIMARY KEY("automation_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"automation_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"scrape_task_id" uuid,
	"batch_id" uuid,
	"counts" jsonb DEFAULT '{"found":0,"filteredOut":{},"new":0,"downloaded":0,"queued":0,"uploaded":0,"failed":0,"rolledOver":0}'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"usage_total_usd" numeric(12, 6),
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"config" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_items" ADD CONSTRAINT "automation_items_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_items" ADD CONSTRAINT "automation_items_run_id_automation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_items" ADD CONSTRAINT "automation_items_download_id_downloads_id_fk" FOREIGN KEY ("download_id") REFERENCES "public"."downloads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_items" ADD CONSTRAINT "automation_items_upload_id_youtube_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."youtube_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_scrape_task_id_scrape_tasks_id_fk" FOREIGN KEY ("scrape_task_id") REFERENCES "public"."scrape_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_batch_id_download_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."download_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_items_run_idx" ON "automation_items" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "automation_items_title_idx" ON "automation_items" USING btree ("automation_id","title_key");--> statement-breakpoint
CREATE INDEX "automation_runs_automation_idx" ON "automation_runs" USING btree ("automation_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_one_active_idx" ON "automation_runs" USING btree ("automation_id") WHERE "automation_runs"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "automation_runs_task_idx" ON "automation_runs" USING btree ("scrape_task_id");--> statement-breakpoint
CREATE INDEX "automations_owner_idx" ON "automations" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "automations_due_idx" ON "automations" USING btree ("next_run_at") WHERE "automations"."status" = 'active';