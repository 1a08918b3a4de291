CREATE TABLE "meta_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_secret_id" uuid,
	"meta_user_id" text NOT NULL,
	"confirmation_code" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"removed_accounts" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meta_deletion_requests_confirmation_code_unique" UNIQUE("confirmation_code")
);
--> statement-breakpoint
CREATE TABLE "publish_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"client_secret_id" uuid,
	"remote_id" text NOT NULL,
	"name" text NOT NULL,
	"username" text,
	"page_id" text,
	"page_name" text,
	"connection_id" uuid,
	"sealed_tokens" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"reconnect_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_accounts_platform_check" CHECK ("publish_accounts"."platform" in ('tiktok', 'instagram', 'facebook'))
);
--> statement-breakpoint
CREATE TABLE "publish_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"server_file_id" uuid,
	"caption" text NOT NULL,
	"title" text,
	"scheduled_at" timestamp with time zone,
	"automation_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account_id" uuid,
	"youtube_account_id" uuid,
	"youtube_upload_id" uuid,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"remote_id" text,
	"upload_url" text,
	"uploaded_bytes" bigint DEFAULT 0 NOT NULL,
	"remote_post_id" text,
	"link" text,
	"converted" boolean DEFAULT false NOT NULL,
	"reason" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "publish_targets_platform_check" CHECK ("publish_targets"."platform" in ('youtube', 'tiktok', 'instagram', 'facebook')),
	CONSTRAINT "publish_targets_status_check" CHECK ("publish_targets"."status" in ('queued', 'uploading', 'processing', 'published', 'sent_to_inbox', 'failed', 'cancelled')),
	CONSTRAINT "publish_targets_destination_check" CHECK (("publish_targets"."platform" = 'youtube' and "publish_targets"."youtube_account_id" is not null) or ("publish_targets"."platform" <> 'youtube' and "publish_targets"."account_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "oauth_client_secrets" DROP CONSTRAINT "oauth_client_secrets_platform_check";--> statement-breakpoint
ALTER TABLE "meta_deletion_requests" ADD CONSTRAINT "meta_deletion_requests_client_secret_id_oauth_client_secrets_id_fk" FOREIGN KEY ("client_secret_id") REFERENCES "public"."oauth_client_secrets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_accounts" ADD CONSTRAINT "publish_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_accounts" ADD CONSTRAINT "publish_accounts_client_secret_id_oauth_client_secrets_id_fk" FOREIGN KEY ("client_secret_id") REFERENCES "public"."oauth_client_secrets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_posts" ADD CONSTRAINT "publish_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_posts" ADD CONSTRAINT "publish_posts_server_file_id_downloads_id_fk" FOREIGN KEY ("server_file_id") REFERENCES "public"."downloads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_posts" ADD CONSTRAINT "publish_posts_automation_run_id_automation_runs_id_fk" FOREIGN KEY ("automation_run_id") REFERENCES "public"."automation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_targets" ADD CONSTRAINT "publish_targets_post_id_publish_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."publish_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_targets" ADD CONSTRAINT "publish_targets_account_id_publish_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."publish_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_targets" ADD CONSTRAINT "publish_targets_youtube_account_id_youtube_accounts_id_fk" FOREIGN KEY ("youtube_account_id") REFERENCES "public"."youtube_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_targets" ADD CONSTRAINT "publish_targets_youtube_upload_id_youtube_uploads_id_fk" FOREIGN KEY ("youtube_upload_id") REFERENCES "public"."youtube_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publish_accounts_user_remote_idx" ON "publish_accounts" USING btree ("user_id","platform","remote_id");--> statement-breakpoint
CREATE INDEX "publish_accounts_user_idx" ON "publish_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "publish_posts_user_idx" ON "publish_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "publish_targets_post_idx" ON "publish_targets" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "publish_targets_account_idx" ON "publish_targets" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "oauth_client_secrets" ADD CONSTRAINT "oauth_client_secrets_platform_check" CHECK ("oauth_client_secrets"."platform" in ('youtube', 'tiktok', 'meta'));