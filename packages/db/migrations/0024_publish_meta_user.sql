ALTER TABLE "publish_accounts" ADD COLUMN "meta_user_id" text;--> statement-breakpoint
CREATE INDEX "publish_accounts_meta_user_idx" ON "publish_accounts" USING btree ("meta_user_id");