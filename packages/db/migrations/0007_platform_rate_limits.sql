CREATE TABLE "platform_rate_limits" (
	"platform" text PRIMARY KEY NOT NULL,
	"requests_per_minute" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_rate_limits_positive" CHECK ("platform_rate_limits"."requests_per_minute" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "platform_rate_usage" (
	"platform" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_rate_usage_platform_window_start_pk" PRIMARY KEY("platform","window_start")
);
