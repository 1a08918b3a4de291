ALTER TABLE "automation_items" ADD COLUMN "publish_post_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_items" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "publish_targets" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
-- Automations made before issue 33 published to one YouTube channel (config.publish.accountId):
-- that channel becomes their list of destinations.
UPDATE "automations" SET "config" = jsonb_set("config" #- '{publish,accountId}', '{publish,destinations}', jsonb_build_array("config"->'publish'->'accountId')) WHERE jsonb_typeof("config"->'publish') = 'object' AND "config"->'publish' ? 'accountId';
