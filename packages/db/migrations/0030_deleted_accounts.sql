CREATE TABLE "deleted_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"files_removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "deleted_accounts_files_pending_idx" ON "deleted_accounts" USING btree ("deleted_at") WHERE "deleted_accounts"."files_removed_at" is null;
