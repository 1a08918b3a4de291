CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid,
	"kind" text NOT NULL,
	"entity_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint

-- Live updates (issue 34): every change a member watches appends an events row and NOTIFYs its
-- id on channel scrapper_events, in the transaction that makes the change (a trigger cannot be
-- forgotten by a new writer, in the API or in any worker). Written by hand below the generated
-- table (drizzle has no triggers). NOTIFY carries the id only: no payload can exceed its 8000
-- bytes or reach a listener that may not see it; each API process reads the row and decides.
--
-- `throttle`: a progress write of a job still under way is announced at most once a second
-- per entity and kind (the screen refetches anyway); final states and status changes always are.
CREATE FUNCTION "scrapper_announce"("member" uuid, "kind" text, "entity" text, "throttle" boolean DEFAULT false) RETURNS void
  LANGUAGE plpgsql
AS $$
DECLARE
  "new_id" bigint;
BEGIN
  IF "throttle" AND EXISTS (
    SELECT 1 FROM "events" e
    WHERE e."entity_id" = "entity" AND e."kind" = "scrapper_announce"."kind" AND e."created_at" > now() - interval '1 second'
  ) THEN
    RETURN;
  END IF;
  INSERT INTO "events" ("member_id", "kind", "entity_id") VALUES ("member", "kind", "entity") RETURNING "id" INTO "new_id";
  PERFORM pg_notify('scrapper_events', "new_id"::text);
END;
$$;
--> statement-breakpoint

-- A row that names its member itself: TG_ARGV is the kind, the member column, the status column
-- ('' for none), then the statuses of a job still under way (whose progress writes are throttled).
CREATE FUNCTION "events_owned_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "row" jsonb := to_jsonb(NEW);
  "status" text := "row" ->> TG_ARGV[2];
BEGIN
  PERFORM "scrapper_announce"(("row" ->> TG_ARGV[1])::uuid, TG_ARGV[0], NEW."id"::text,
    coalesce(TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[2]) = "status" AND "status" = ANY (TG_ARGV[3:]), false));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "scrape_tasks_events" AFTER INSERT OR UPDATE ON "scrape_tasks" FOR EACH ROW
  EXECUTE FUNCTION "events_owned_row"('scrape.task', 'owner_id', 'state', 'waiting', 'active', 'running');
--> statement-breakpoint
CREATE TRIGGER "downloads_events" AFTER INSERT OR UPDATE ON "downloads" FOR EACH ROW
  EXECUTE FUNCTION "events_owned_row"('download', 'owner_id', 'status', 'queued', 'running');
--> statement-breakpoint
CREATE TRIGGER "download_batches_events" AFTER INSERT OR UPDATE ON "download_batches" FOR EACH ROW
  EXECUTE FUNCTION "events_owned_row"('batch', 'owner_id', '');
--> statement-breakpoint
CREATE TRIGGER "youtube_uploads_events" AFTER INSERT OR UPDATE ON "youtube_uploads" FOR EACH ROW
  EXECUTE FUNCTION "events_owned_row"('upload', 'user_id', 'status', 'scheduled', 'processing');
--> statement-breakpoint
CREATE TRIGGER "notifications_events" AFTER INSERT OR UPDATE ON "notifications" FOR EACH ROW
  EXECUTE FUNCTION "events_owned_row"('notification', 'user_id', '');
--> statement-breakpoint

-- New log lines: once per statement and task (a batch of lines is one event), throttled.
CREATE FUNCTION "events_scrape_task_logs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scrapper_announce"(t."owner_id", 'scrape.task', t."id"::text, true)
  FROM "scrape_tasks" t WHERE t."id" IN (SELECT DISTINCT n."task_id" FROM "new_rows" n);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "scrape_task_logs_events" AFTER INSERT ON "scrape_task_logs" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "events_scrape_task_logs"();
--> statement-breakpoint

-- A target's change is its post's: the publish screen lists posts with their targets.
CREATE FUNCTION "events_publish_target"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scrapper_announce"(p."user_id", 'publish', p."id"::text,
    TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND NEW."status" IN ('queued', 'uploading', 'processing'))
  FROM "publish_posts" p WHERE p."id" = NEW."post_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "publish_targets_events" AFTER INSERT OR UPDATE ON "publish_targets" FOR EACH ROW EXECUTE FUNCTION "events_publish_target"();
--> statement-breakpoint

CREATE FUNCTION "events_automation_run"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scrapper_announce"(a."owner_id", 'automation.run', NEW."id"::text,
    TG_OP = 'UPDATE' AND OLD."status" = NEW."status" AND NEW."status" = 'running')
  FROM "automations" a WHERE a."id" = NEW."automation_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "automation_runs_events" AFTER INSERT OR UPDATE ON "automation_runs" FOR EACH ROW EXECUTE FUNCTION "events_automation_run"();
--> statement-breakpoint

-- Tool warnings (admins only): what a worker reports it runs, and each update check. The
-- heartbeat itself (every few seconds) announces nothing unless the tools it reports changed.
CREATE FUNCTION "events_tools"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scrapper_announce"(NULL, 'tools', NEW."hostname", false);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "worker_heartbeats_insert_events" AFTER INSERT ON "worker_heartbeats" FOR EACH ROW
  WHEN (NEW."tools" IS NOT NULL) EXECUTE FUNCTION "events_tools"();
--> statement-breakpoint
CREATE TRIGGER "worker_heartbeats_update_events" AFTER UPDATE OF "tools" ON "worker_heartbeats" FOR EACH ROW
  WHEN (OLD."tools" IS DISTINCT FROM NEW."tools") EXECUTE FUNCTION "events_tools"();
--> statement-breakpoint
CREATE TRIGGER "tool_update_checks_events" AFTER INSERT ON "tool_update_checks" FOR EACH ROW EXECUTE FUNCTION "events_tools"();
