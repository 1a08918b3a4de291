CREATE TABLE "result_items" (
	"task_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"raw_start" bigint,
	"raw_length" integer,
	"item_id" text,
	"skip_reason" text,
	"title" text DEFAULT '' NOT NULL,
	"title_key" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"duration" double precision,
	"play_count" bigint,
	"like_count" bigint,
	"width" integer,
	"height" integer,
	CONSTRAINT "result_items_task_id_position_pk" PRIMARY KEY("task_id","position")
);
--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "result_mapping" text;--> statement-breakpoint
ALTER TABLE "result_items" ADD CONSTRAINT "result_items_task_id_scrape_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."scrape_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "result_items_item_idx" ON "result_items" USING btree ("task_id","item_id");--> statement-breakpoint
CREATE INDEX "result_items_title_key_idx" ON "result_items" USING btree ("task_id","title_key","position");