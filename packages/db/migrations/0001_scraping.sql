CREATE TABLE "actor_configs" (
	"platform_id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookie_sets" (
	"platform" text PRIMARY KEY NOT NULL,
	"sealed_cookies" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"sealed_key" text NOT NULL,
	"last_eight" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_valid" boolean,
	"validation_message" text,
	"last_validated" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrape_task_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"message" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrape_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"actor_id" text NOT NULL,
	"platform_id" text NOT NULL,
	"scrape_type" text NOT NULL,
	"target" text NOT NULL,
	"input" jsonb NOT NULL,
	"platform_info" jsonb NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"progress_percentage" integer DEFAULT 0 NOT NULL,
	"items_found" integer DEFAULT 0 NOT NULL,
	"apify_run_id" text,
	"apify_dataset_id" text,
	"log_offset" integer DEFAULT 0 NOT NULL,
	"result_file_name" text,
	"result_path" text,
	"result_item_count" integer,
	"error" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scrape_tasks_state_check" CHECK ("scrape_tasks"."state" in ('waiting', 'active', 'running', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "scrape_task_logs" ADD CONSTRAINT "scrape_task_logs_task_id_scrape_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."scrape_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD CONSTRAINT "scrape_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_one_active_per_type" ON "api_keys" USING btree ("type") WHERE "api_keys"."is_active";--> statement-breakpoint
CREATE INDEX "api_keys_type_idx" ON "api_keys" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "scrape_task_logs_task_idx" ON "scrape_task_logs" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "scrape_tasks_owner_idx" ON "scrape_tasks" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "scrape_tasks_state_idx" ON "scrape_tasks" USING btree ("state");--> statement-breakpoint
CREATE INDEX "scrape_tasks_result_file_idx" ON "scrape_tasks" USING btree ("result_file_name");