CREATE TABLE "campaign_images" (
	"sha256" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_version_images" (
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "campaign_version_images_version_name_pk" PRIMARY KEY("version","name")
);
--> statement-breakpoint
CREATE TABLE "campaign_versions" (
	"version" serial PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"loaded_by" text NOT NULL,
	"source" text NOT NULL,
	"content_hash" text NOT NULL,
	"pack" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "version" integer;--> statement-breakpoint
ALTER TABLE "campaign_version_images" ADD CONSTRAINT "campaign_version_images_version_campaign_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."campaign_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_version_images" ADD CONSTRAINT "campaign_version_images_sha256_campaign_images_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."campaign_images"("sha256") ON DELETE no action ON UPDATE no action;