CREATE TABLE "scrape_monthly_costs" (
	"owner_id" uuid NOT NULL,
	"month" text NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"runs_with_cost" integer DEFAULT 0 NOT NULL,
	"total_usd" numeric(18, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "scrape_monthly_costs_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
ALTER TABLE "scrape_monthly_costs" ADD CONSTRAINT "scrape_monthly_costs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Written by hand below (drizzle has no triggers): keeps scrape_monthly_costs equal to an
-- aggregate over scrape_tasks, as 0014 does for scrape_library_totals. Writers of scrape_tasks
-- wait until this migration commits, so the backfill and the triggers see the same rows.
LOCK TABLE "scrape_tasks" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint

-- The Jakarta month of an instant: UTC+7 all year, the fixed offset of jakarta_day() (0006).
CREATE FUNCTION "scrape_cost_month"("at" timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE
  RETURN to_char(("at" AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM');
--> statement-breakpoint

-- Concurrent writers of one owner and month add up (INSERT ... ON CONFLICT DO UPDATE), keys in
-- sorted order so two multi-row statements cannot deadlock; an owner being deleted is skipped
-- (their rows go by the users cascade). `sign` is 1 for rows coming in, -1 for rows going out;
-- rows that started no Apify run count for nothing.
CREATE FUNCTION "scrape_costs_apply"("owners" uuid[], "created" timestamptz[], "run_ids" text[], "usd" numeric[], "signs" integer[]) RETURNS void
  LANGUAGE sql
AS $$
  INSERT INTO "scrape_monthly_costs" AS "c" ("owner_id", "month", "runs", "runs_with_cost", "total_usd")
  SELECT "d"."owner_id", "scrape_cost_month"("d"."at"), sum("d"."sign"),
         sum(CASE WHEN "d"."usd" IS NULL THEN 0 ELSE "d"."sign" END), coalesce(sum("d"."usd" * "d"."sign"), 0)
  FROM unnest("owners", "created", "run_ids", "usd", "signs") AS "d"("owner_id", "at", "run_id", "usd", "sign")
  WHERE "d"."run_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."id" = "d"."owner_id")
  GROUP BY 1, 2
  HAVING sum("d"."sign") <> 0 OR sum(CASE WHEN "d"."usd" IS NULL THEN 0 ELSE "d"."sign" END) <> 0 OR coalesce(sum("d"."usd" * "d"."sign"), 0) <> 0
  ORDER BY 1, 2
  ON CONFLICT ("owner_id", "month") DO UPDATE
    SET "runs" = "c"."runs" + excluded."runs",
        "runs_with_cost" = "c"."runs_with_cost" + excluded."runs_with_cost",
        "total_usd" = "c"."total_usd" + excluded."total_usd";
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_costs_inserted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "scrape_costs_apply"(
    ARRAY(SELECT "n"."owner_id" FROM "inserted_rows" "n"),
    ARRAY(SELECT "n"."created_at" FROM "inserted_rows" "n"),
    ARRAY(SELECT "n"."apify_run_id" FROM "inserted_rows" "n"),
    ARRAY(SELECT "n"."usage_total_usd"::numeric FROM "inserted_rows" "n"),
    ARRAY(SELECT 1 FROM "inserted_rows" "n"));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_costs_updated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "scrape_costs_apply"(
    ARRAY[OLD."owner_id", NEW."owner_id"],
    ARRAY[OLD."created_at", NEW."created_at"],
    ARRAY[OLD."apify_run_id", NEW."apify_run_id"],
    ARRAY[OLD."usage_total_usd"::numeric, NEW."usage_total_usd"::numeric],
    ARRAY[-1, 1]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_costs_deleted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "scrape_costs_apply"(
    ARRAY(SELECT "o"."owner_id" FROM "deleted_rows" "o"),
    ARRAY(SELECT "o"."created_at" FROM "deleted_rows" "o"),
    ARRAY(SELECT "o"."apify_run_id" FROM "deleted_rows" "o"),
    ARRAY(SELECT "o"."usage_total_usd"::numeric FROM "deleted_rows" "o"),
    ARRAY(SELECT -1 FROM "deleted_rows" "o"));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "scrape_tasks_costs_truncated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM "scrape_monthly_costs";
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Inserts and deletes per statement; updates per row, and only when what is counted changes
-- (a run's cost as it grows, the run id when the run starts; progress and logs never call it).
CREATE TRIGGER "scrape_tasks_costs_insert" AFTER INSERT ON "scrape_tasks"
  REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "scrape_tasks_costs_inserted"();
--> statement-breakpoint
CREATE TRIGGER "scrape_tasks_costs_update" AFTER UPDATE ON "scrape_tasks"
  FOR EACH ROW
  WHEN (
    (OLD."owner_id", OLD."created_at", OLD."apify_run_id" IS NULL, OLD."usage_total_usd")
    IS DISTINCT FROM
    (NEW."owner_id", NEW."created_at", NEW."apify_run_id" IS NULL, NEW."usage_total_usd")
  )
  EXECUTE FUNCTION "scrape_tasks_costs_updated"();
--> statement-breakpoint
CREATE TRIGGER "scrape_tasks_costs_delete" AFTER DELETE ON "scrape_tasks"
  REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "scrape_tasks_costs_deleted"();
--> statement-breakpoint
CREATE TRIGGER "scrape_tasks_costs_truncate" AFTER TRUNCATE ON "scrape_tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION "scrape_tasks_costs_truncated"();
--> statement-breakpoint

-- The backfill: the same aggregate the triggers keep.
INSERT INTO "scrape_monthly_costs" ("owner_id", "month", "runs", "runs_with_cost", "total_usd")
SELECT "owner_id", "scrape_cost_month"("created_at"), count(*), count("usage_total_usd"), coalesce(sum("usage_total_usd"), 0)
FROM "scrape_tasks" WHERE "apify_run_id" IS NOT NULL
GROUP BY 1, 2;
