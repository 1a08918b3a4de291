CREATE TABLE "download_library_totals" (
	"owner_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"history_entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "download_library_totals_pkey" PRIMARY KEY("owner_id","platform")
);
--> statement-breakpoint
ALTER TABLE "download_library_totals" ADD CONSTRAINT "download_library_totals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_owner_live_title_idx" ON "downloads" USING btree ("owner_id","title","id") WHERE "downloads"."status" = 'completed' and "downloads"."storage_key" is not null and "downloads"."file_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "downloads_owner_live_platform_idx" ON "downloads" USING btree ("owner_id","platform","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"size_bytes") WHERE "downloads"."status" = 'completed' and "downloads"."storage_key" is not null and "downloads"."file_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "downloads_live_created_idx" ON "downloads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "downloads"."status" = 'completed' and "downloads"."storage_key" is not null and "downloads"."file_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "downloads_live_title_idx" ON "downloads" USING btree ("title","id") WHERE "downloads"."status" = 'completed' and "downloads"."storage_key" is not null and "downloads"."file_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "downloads_live_platform_idx" ON "downloads" USING btree ("platform","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"size_bytes") WHERE "downloads"."status" = 'completed' and "downloads"."storage_key" is not null and "downloads"."file_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "downloads_owner_history_platform_idx" ON "downloads" USING btree ("owner_id","platform","created_at" DESC NULLS LAST) WHERE "downloads"."status" in ('queued', 'running', 'completed') and "downloads"."hidden_from_history_at" is null;--> statement-breakpoint
CREATE INDEX "downloads_history_platform_idx" ON "downloads" USING btree ("platform","created_at" DESC NULLS LAST) WHERE "downloads"."status" in ('queued', 'running', 'completed') and "downloads"."hidden_from_history_at" is null;--> statement-breakpoint

-- Written by hand below (drizzle has no triggers): keeps download_library_totals equal to an
-- aggregate over downloads, the way 0006 keeps the analytics roll-ups. Writers of downloads
-- wait until this migration commits, so the backfill and the triggers see the same rows.
LOCK TABLE "downloads" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint

CREATE TYPE "download_library_delta" AS (
  "owner_id" uuid,
  "platform" text,
  "files" integer,
  "file_bytes" bigint,
  "history_entries" integer
);
--> statement-breakpoint

-- What one downloads row adds to its owner's library (sign 1) or takes away (sign -1): the same
-- predicates as the file manager (a live file) and the history (queued, running or completed,
-- not hidden) in queries/downloads.ts.
CREATE FUNCTION "download_library_delta"("d" "downloads", "sign" integer) RETURNS "download_library_delta"
  LANGUAGE sql IMMUTABLE
  RETURN ROW(
    "d"."owner_id",
    "d"."platform",
    "sign" * CASE WHEN "d"."status" = 'completed' AND "d"."storage_key" IS NOT NULL AND "d"."file_deleted_at" IS NULL THEN 1 ELSE 0 END,
    "sign" * CASE WHEN "d"."status" = 'completed' AND "d"."storage_key" IS NOT NULL AND "d"."file_deleted_at" IS NULL THEN coalesce("d"."size_bytes", 0) ELSE 0 END,
    "sign" * CASE WHEN "d"."status" IN ('queued', 'running', 'completed') AND "d"."hidden_from_history_at" IS NULL THEN 1 ELSE 0 END
  )::"download_library_delta";
--> statement-breakpoint

-- Concurrent writers of one key add up (INSERT ... ON CONFLICT DO UPDATE); keys in sorted order
-- so two multi-key statements cannot deadlock. A member being deleted is skipped: their rows
-- go by the users cascade, which may already have run.
CREATE FUNCTION "download_library_apply"("deltas" "download_library_delta"[]) RETURNS void
  LANGUAGE sql
AS $$
  INSERT INTO "download_library_totals" AS "t" ("owner_id", "platform", "files", "file_bytes", "history_entries")
  SELECT "d"."owner_id", "d"."platform", sum("d"."files"), sum("d"."file_bytes"), sum("d"."history_entries")
  FROM unnest("deltas") AS "d"
  WHERE EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."id" = "d"."owner_id")
  GROUP BY 1, 2
  HAVING sum("d"."files") <> 0 OR sum("d"."file_bytes") <> 0 OR sum("d"."history_entries") <> 0
  ORDER BY 1, 2
  ON CONFLICT ("owner_id", "platform") DO UPDATE
    SET "files" = "t"."files" + excluded."files",
        "file_bytes" = "t"."file_bytes" + excluded."file_bytes",
        "history_entries" = "t"."history_entries" + excluded."history_entries";
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_library_inserted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "download_library_apply"(ARRAY(SELECT "download_library_delta"("n", 1) FROM "inserted_rows" "n"));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_library_updated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "download_library_apply"(ARRAY["download_library_delta"(OLD, -1), "download_library_delta"(NEW, 1)]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_library_deleted"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "download_library_apply"(ARRAY(SELECT "download_library_delta"("o", -1) FROM "deleted_rows" "o"));
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE FUNCTION "downloads_library_truncated"() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM "download_library_totals";
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Inserts and deletes per statement; updates per row, and only when what the library counts
-- changes (progress ticks and queued -> running never call a function).
CREATE TRIGGER "downloads_library_insert" AFTER INSERT ON "downloads"
  REFERENCING NEW TABLE AS "inserted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "downloads_library_inserted"();
--> statement-breakpoint
CREATE TRIGGER "downloads_library_update" AFTER UPDATE ON "downloads"
  FOR EACH ROW
  WHEN (
    (OLD."owner_id", OLD."platform", OLD."status" = 'completed', OLD."status" IN ('queued', 'running', 'completed'),
     OLD."storage_key" IS NULL, OLD."file_deleted_at" IS NULL, OLD."hidden_from_history_at" IS NULL, OLD."size_bytes")
    IS DISTINCT FROM
    (NEW."owner_id", NEW."platform", NEW."status" = 'completed', NEW."status" IN ('queued', 'running', 'completed'),
     NEW."storage_key" IS NULL, NEW."file_deleted_at" IS NULL, NEW."hidden_from_history_at" IS NULL, NEW."size_bytes")
  )
  EXECUTE FUNCTION "downloads_library_updated"();
--> statement-breakpoint
CREATE TRIGGER "downloads_library_delete" AFTER DELETE ON "downloads"
  REFERENCING OLD TABLE AS "deleted_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "downloads_library_deleted"();
--> statement-breakpoint
CREATE TRIGGER "downloads_library_truncate" AFTER TRUNCATE ON "downloads"
  FOR EACH STATEMENT EXECUTE FUNCTION "downloads_library_truncated"();
--> statement-breakpoint

-- Backfill: the downloads that exist now (writers are locked out above).
INSERT INTO "download_library_totals" ("owner_id", "platform", "files", "file_bytes", "history_entries")
SELECT "x"."owner_id", "x"."platform", sum("x"."files"), sum("x"."file_bytes"), sum("x"."history_entries")
FROM "downloads" "d" CROSS JOIN LATERAL "download_library_delta"("d", 1) AS "x"
GROUP BY 1, 2
HAVING sum("x"."files") <> 0 OR sum("x"."history_entries") <> 0;
