CREATE TABLE "oauth_client_secrets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" text NOT NULL,
	"secret_last_four" text NOT NULL,
	"platform" text DEFAULT 'youtube' NOT NULL,
	"redirect_uri" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"quota_daily_units" integer DEFAULT 10000 NOT NULL,
	"quota_upload_units" integer DEFAULT 1600 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_client_secrets_platform_check" CHECK ("oauth_client_secrets"."platform" = 'youtube'),
	CONSTRAINT "oauth_client_secrets_quota_check" CHECK ("oauth_client_secrets"."quota_daily_units" > 0 and "oauth_client_secrets"."quota_upload_units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_secret_id" uuid NOT NULL,
	"account_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_secret_id" uuid,
	"channel_id" text NOT NULL,
	"account_name" text NOT NULL,
	"sealed_tokens" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"is_valid" boolean DEFAULT true NOT NULL,
	"last_validated" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_quota_usage" (
	"client_secret_id" uuid NOT NULL,
	"quota_day" date NOT NULL,
	"units_used" integer DEFAULT 0 NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "youtube_quota_usage_client_secret_id_quota_day_pk" PRIMARY KEY("client_secret_id","quota_day")
);
--> statement-breakpoint
CREATE TABLE "youtube_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"category_id" text DEFAULT '22' NOT NULL,
	"privacy_status" text DEFAULT 'public' NOT NULL,
	"publish_type" text DEFAULT 'now' NOT NULL,
	"publish_at" timestamp with time zone,
	"made_for_kids" boolean DEFAULT false NOT NULL,
	"video_effect" text DEFAULT 'none' NOT NULL,
	"playlist_id" text,
	"source_kind" text NOT NULL,
	"source_url" text,
	"source_item_id" text,
	"video_storage_key" text,
	"video_file_name" text,
	"video_mime" text,
	"video_size_bytes" bigint,
	"thumbnail_storage_key" text,
	"thumbnail_mime" text,
	"audio_storage_key" text,
	"audio_remix_url" text,
	"audio_start_time" real DEFAULT 0 NOT NULL,
	"audio_end_time" real,
	"audio_volume" real DEFAULT 1 NOT NULL,
	"video_volume" real DEFAULT 0.5 NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text,
	"youtube_video_id" text,
	"thumbnail_set" boolean DEFAULT false NOT NULL,
	"playlist_added" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "youtube_uploads_status_check" CHECK ("youtube_uploads"."status" in ('scheduled', 'processing', 'uploaded', 'failed')),
	CONSTRAINT "youtube_uploads_privacy_check" CHECK ("youtube_uploads"."privacy_status" in ('public', 'private', 'unlisted')),
	CONSTRAINT "youtube_uploads_publish_type_check" CHECK ("youtube_uploads"."publish_type" in ('now', 'schedule')),
	CONSTRAINT "youtube_uploads_source_check" CHECK ("youtube_uploads"."source_kind" in ('file', 'url')),
	CONSTRAINT "youtube_uploads_progress_check" CHECK ("youtube_uploads"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_client_secret_id_oauth_client_secrets_id_fk" FOREIGN KEY ("client_secret_id") REFERENCES "public"."oauth_client_secrets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_account_id_youtube_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."youtube_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_accounts" ADD CONSTRAINT "youtube_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_accounts" ADD CONSTRAINT "youtube_accounts_client_secret_id_oauth_client_secrets_id_fk" FOREIGN KEY ("client_secret_id") REFERENCES "public"."oauth_client_secrets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_quota_usage" ADD CONSTRAINT "youtube_quota_usage_client_secret_id_oauth_client_secrets_id_fk" FOREIGN KEY ("client_secret_id") REFERENCES "public"."oauth_client_secrets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD CONSTRAINT "youtube_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "youtube_uploads" ADD CONSTRAINT "youtube_uploads_account_id_youtube_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."youtube_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_client_secrets_active_idx" ON "oauth_client_secrets" USING btree ("is_active","created_at");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "youtube_accounts_user_channel_idx" ON "youtube_accounts" USING btree ("user_id","channel_id");--> statement-breakpoint
CREATE INDEX "youtube_accounts_user_idx" ON "youtube_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "youtube_uploads_user_created_idx" ON "youtube_uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "youtube_uploads_account_idx" ON "youtube_uploads" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "youtube_uploads_created_idx" ON "youtube_uploads" USING btree ("created_at" DESC NULLS LAST);