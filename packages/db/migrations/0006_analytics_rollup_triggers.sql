-- Keeps the analytics roll-ups (download_daily_stats per member, download_daily_totals for
-- everyone; tables in 0005) equal to an aggregate over downloads: triggers apply each change
-- in the transaction that makes it, then the existing rows are backfilled. What counts is
-- decided in two places only: download_daily_delta (day, bytes) and download_daily_stats_apply
-- (statuses). Written by hand (drizzle-kit generate --custom): drizzle has no triggers.

-- Writers of downloads wait until this migration commits, so the backfill below and the
-- triggers see exactly the same rows: none missed, none counted twice.
LOCK TABLE "downloads" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint

-- Jakarta is UTC+7 all year (no daylight saving since 1964): the same fixed offset as
-- queries/analytics.ts, so the roll-up's days are the dashboard's days.
CREATE FUNCTION "jakarta_day"("ts" timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ("ts" AT TIME ZONE 'UTC' + interval '7 hours')::date;
--> statement-breakpoint

CREATE TYPE "download_daily_delta" AS (
  "owner_id" uuid,
  "day" date,
  "platform" text,
  "status" text,
  "downloads" integer,
  "stored_bytes" bigint
);
--> statement-breakpoint

-- What one downloads row adds to its roll-up key (sign 1) or takes away (sign -1). Hidden
-- history rows still count; a deleted file no longer counts towards stored bytes.
CREATE FUNCTION "download_daily_delta"("d" "downloads", "sign" integer) RETURNS "download_daily_delta"
  LANGUAGE sql IMMUTABLE
  RETURN ROW(
    "d"."owner_id",
    "jakarta_day"("d"."created_at"),
    "d"."platform",
    "d"."status",
    "sign",
    "sign" * CASE WHEN "d"."file_deleted_at" IS NULL THEN coalesce("d"."size_bytes", 0) ELSE 0 END
  )::"download_daily_delta";
--> statement-breakpoint

-- Adds deltas to both roll-ups. Only completed and failed rows are rolled up (the dashboard
-- reads nothing else), so queuing, running, progress and cancelling never touch them.
-- INSERT ... ON CONFLICT DO UPDATE makes concurrent writers of one key add up instead of
-- failing or losing a count; keys are taken in sorted order so two multi-key statements
-- cannot deadlock each other. A member being deleted is skipped for the per-member table:
-- their rows there go by the users cascade, which may already have run.
CREATE FUNCTION "download_daily_stats_apply"("deltas" "download_daily_delta"[]) RETURNS void
  LANGUAGE sql
AS $$
  INSERT INTO "download_daily_stats" AS "s" ("owner_id", "day", "platform", "status", "downloads", "stored_bytes")
  SELECT "d"."owner_id", "d"."day", "d"."platform", "d"."status", sum("d"."downloads"), sum("d"."stored_bytes")
  FROM unnest("deltas") AS "d"
  WHERE "d"."status" IN ('completed', 'failed')
    AND EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."id" = "d"."owner_id")
  GROUP BY 1, 2, 3, 4
  HAVING sum("d"."downloads") <> 0 OR sum("d"."stored_bytes") <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("owner_id", "day", "platform", "status") DO UPDATE
    SET "downloads" = "s"."downloads" + excluded."downloads",
        "stored_bytes" = "s"."stored_bytes" + excluded."stored_bytes";

  INSERT INTO "download_daily_totals" AS "t" ("day", "platform", "status", "downloads", "stored_bytes")
  SELECT "d"."day", "d"."platform", "d"."status", sum("d"."downloads"), sum("d"."stored_bytes")
  FROM unnest("deltas") AS "d"
  WHERE "d"."status" IN ('completed', 'failed')
  GROUP BY 1, 2, 3
  HAVING sum("d"."downloads") <> 0 OR sum("d"."stored_bytes") <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("day", "platform", "status") DO UPDATE
    SET "downloads" = "t"."downloads" + excluded."downloads",
        "stored_bytes" = "t"."stored_bytes" + excluded."stored_bytes";
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_roll_up_inserted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "download_daily_stats_apply"(ARRAY(
    SELECT "download_daily_delta"("n", 1) FROM "inserted_rows" "n" WHERE "n"."status" IN ('completed', 'failed')
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_roll_up_updated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "download_daily_stats_apply"(ARRAY["download_daily_delta"(OLD, -1), "download_daily_delta"(NEW, 1)]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_roll_up_deleted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "download_daily_stats_apply"(ARRAY(
    SELECT "download_daily_delta"("o", -1) FROM "deleted_rows" "o" WHERE "o"."status" IN ('completed', 'failed')
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_roll_up_truncated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM "download_daily_stats";
  DELETE FROM "download_daily_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Inserts and deletes per statement (a bulk insert or a user's cascade becomes one grouped
-- upsert); updates per row, filtered by WHEN so that progress ticks, hiding from history and
-- queued -> running never call a function at all.
CREATE TRIGGER "downloads_roll_up_insert" AFTER INSERT ON "downloads"
  REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "downloads_roll_up_inserted"();
--> statement-breakpoint
CREATE TRIGGER "downloads_roll_up_update" AFTER UPDATE ON "downloads"
  FOR EACH ROW
  WHEN (
    (OLD."status" IN ('completed', 'failed') OR NEW."status" IN ('completed', 'failed'))
    AND (OLD."owner_id", OLD."created_at", OLD."platform", OLD."status", OLD."size_bytes", OLD."file_deleted_at" IS NULL)
      IS DISTINCT FROM (NEW."owner_id", NEW."created_at", NEW."platform", NEW."status", NEW."size_bytes", NEW."file_deleted_at" IS NULL)
  )
  EXECUTE FUNCTION "downloads_roll_up_updated"();
--> statement-breakpoint
CREATE TRIGGER "downloads_roll_up_delete" AFTER DELETE ON "downloads"
  REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "downloads_roll_up_deleted"();
--> statement-breakpoint
CREATE TRIGGER "downloads_roll_up_truncate" AFTER TRUNCATE ON "downloads"
  FOR EACH STATEMENT EXECUTE FUNCTION "downloads_roll_up_truncated"();
--> statement-breakpoint

-- Backfill: the downloads that exist now (writers are locked out above).
INSERT INTO "download_daily_stats" ("owner_id", "day", "platform", "status", "downloads", "stored_bytes")
SELECT "x"."owner_id", "x"."day", "x"."platform", "x"."status", sum("x"."downloads"), sum("x"."stored_bytes")
FROM "downloads" "d" CROSS JOIN LATERAL "download_daily_delta"("d", 1) AS "x"
WHERE "d"."status" IN ('completed', 'failed')
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "download_daily_totals" ("day", "platform", "status", "downloads", "stored_bytes")
SELECT "day", "platform", "status", sum("downloads"), sum("stored_bytes")
FROM "download_daily_stats"
GROUP BY 1, 2, 3;
