ALTER TABLE "result_items" ADD COLUMN "title_rank" integer;--> statement-breakpoint
UPDATE "result_items" r SET "title_rank" = x."rank" FROM (
	SELECT "task_id", "position", row_number() OVER (PARTITION BY "task_id", "title_key" ORDER BY "position") AS "rank", count(*) OVER (PARTITION BY "task_id", "title_key") AS "n"
	FROM "result_items" WHERE "item_id" IS NOT NULL AND "title_key" <> ''
) x WHERE r."task_id" = x."task_id" AND r."position" = x."position" AND x."n" > 1;--> statement-breakpoint
CREATE INDEX "result_items_repeated_idx" ON "result_items" USING btree ("task_id","title_key","position") WHERE "result_items"."title_rank" is not null;--> statement-breakpoint
CREATE INDEX "result_items_plays_idx" ON "result_items" USING btree ("task_id","play_count" DESC NULLS LAST,"position");