CREATE TABLE "scrape_library_totals" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"history_entries" integer DEFAULT 0 NOT NULL,
	"result_files" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scrape_library_totals" ADD CONSTRAINT "scrape_library_totals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrape_tasks_owner_history_idx" ON "scrape_tasks" USING btree ("owner_id",(coalesce("finished_at", "created_at")) desc,"id" DESC NULLS FIRST) WHERE "scrape_tasks"."state" in ('completed', 'failed', 'cancelled') and "scrape_tasks"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "scrape_tasks_history_idx" ON "scrape_tasks" USING btree ((coalesce("finished_at", "created_at")) desc,"id" DESC NULLS FIRST) WHERE "scrape_tasks"."state" in ('completed', 'failed', 'cancelled') and "scrape_tasks"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "scrape_tasks_owner_results_idx" ON "scrape_tasks" USING btree ("owner_id","finished_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "scrape_tasks"."state" = 'completed' and "scrape_tasks"."result_file_name" is not null;--> statement-breakpoint
CREATE INDEX "scrape_tasks_results_idx" ON "scrape_tasks" USING btree ("finished_at" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "scrape_tasks"."state" = 'completed' and "scrape_tasks"."result_file_name" is not null;--> statement-breakpoint

-- Written by hand below (drizzle has no triggers): keeps scrape_library_totals equal to an
-- aggregate over scrape_tasks, as 0013 does for downloads. Writers of scrape_tasks wait until
-- this migration commits, so the backfill and the triggers see the same rows.
LOCK TABLE "scrape_tasks" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint

-- The same predicates as the scrape history (queries/scrape-tasks.ts historyFilter) and the
-- downloader's result files (queries/result-items.ts listResultFilesPage).
CREATE FUNCTION "scrape_library_history"("state" text, "hidden_at" timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE
  RETURN CASE WHEN "state" IN ('completed', 'failed', 'cancelled') AND "hidden_at" IS NULL THEN 1 ELSE 0 END;
--> statement-breakpoint
CREATE FUNCTION "scrape_library_result"("state" text, "result_file_name" text) RETURNS integer
  LANGUAGE sql IMMUTABLE
  RETURN CASE WHEN "state" = 'completed' AND "result_file_name" IS NOT NULL THEN 1 ELSE 0 END;
--> statement-breakpoint

-- Concurrent writers of one owner add up (INSERT ... ON CONFLICT DO UPDATE), owners in sorted
-- order so two multi-owner statements cannot deadlock; an owner being deleted is skipped (their
-- row goes by the users cascade).
CREATE FUNCTION "scrape_library_apply"("owners" uuid[], "history" integer[], "results" integer[]) RETURNS void
  LANGUAGE sql
AS $$
  INSERT INTO "scrape_library_totals" AS "t" ("owner_id", "history_entries", "result_files")
  SELECT "d"."owner_id", sum("d"."h"), sum("d"."r")
  FROM unnest("owners", "history", "results") AS "d"("owner_id", "h", "r")
  WHERE EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."id" = "d"."owner_id")
  GROUP BY 1
  HAVING sum("d"."h") <> 0 OR sum("d"."r") <> 0
  ORDER BY 1
  ON CONFLICT ("owner_id") DO UPDATE
    SET "history_entries" = "t"."history_entries" + excluded."history_entries",
        "result_files" = "t"."result_files" + excluded."result_files";
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_library_inserted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "scrape_library_apply"(
    ARRAY(SELECT "n"."owner_id" FROM "inserted_rows" "n"),
    ARRAY(SELECT "scrape_library_history"("n"."state", "n"."hidden_at") FROM "inserted_rows" "n"),
    ARRAY(SELECT "scrape_library_result"("n"."state", "n"."result_file_name") FROM "inserted_rows" "n"));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_library_updated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "scrape_library_apply"(
    ARRAY[OLD."owner_id", NEW."owner_id"],
    ARRAY[-"scrape_library_history"(OLD."state", OLD."hidden_at"), "scrape_library_history"(NEW."state", NEW."hidden_at")],
    ARRAY[-"scrape_library_result"(OLD."state", OLD."result_file_name"), "scrape_library_result"(NEW."state", NEW."result_file_name")]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_library_deleted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "scrape_library_apply"(
    ARRAY(SELECT "o"."owner_id" FROM "deleted_rows" "o"),
    ARRAY(SELECT -"scrape_library_history"("o"."state", "o"."hidden_at") FROM "deleted_rows" "o"),
    ARRAY(SELECT -"scrape_library_result"("o"."state", "o"."result_file_name") FROM "deleted_rows" "o"));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_library_truncated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM "scrape_library_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Inserts and deletes per statement; updates per row, and only when what is counted changes
-- (progress, logs and cost updates never call a function).
CREATE TRIGGER "scrape_tasks_library_insert" AFTER INSERT ON "scrape_tasks"
  REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "scrape_tasks_library_inserted"();
--> statement-breakpoint
CREATE TRIGGER "scrape_tasks_library_update" AFTER UPDATE ON "scrape_tasks"
  FOR EACH ROW
  WHEN (
    (OLD."owner_id", "scrape_library_history"(OLD."state", OLD."hidden_at"), "scrape_library_result"(OLD."state", OLD."result_file_name"))
    IS DISTINCT FROM
    (NEW."owner_id", "scrape_library_history"(NEW."state", NEW."hidden_at"), "scrape_library_result"(NEW."state", NEW."result_file_name"))
  )
  EXECUTE FUNCTION "scrape_tasks_library_updated"();
--> statement-breakpoint
CREATE TRIGGER "scrape_tasks_library_delete" AFTER DELETE ON "scrape_tasks"
  REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "scrape_tasks_library_deleted"();
--> statement-breakpoint
CREATE TRIGGER "scrape_tasks_library_truncate" AFTER TRUNCATE ON "scrape_tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION "scrape_tasks_library_truncated"();
--> statement-breakpoint

-- Backfill: the tasks that exist now (writers are locked out above).
INSERT INTO "scrape_library_totals" ("owner_id", "history_entries", "result_files")
SELECT "owner_id", sum("scrape_library_history"("state", "hidden_at")), sum("scrape_library_result"("state", "result_file_name"))
FROM "scrape_tasks"
GROUP BY 1
HAVING sum("scrape_library_history"("state", "hidden_at")) <> 0 OR sum("scrape_library_result"("state", "result_file_name")) <> 0;
