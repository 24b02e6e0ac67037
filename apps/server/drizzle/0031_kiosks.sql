CREATE TABLE "kiosks" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkpoint_id" integer NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "checkpoints" ADD COLUMN "code_period" integer;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_checkpoint_id_checkpoints_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."checkpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosks_checkpoint_idx" ON "kiosks" USING btree ("checkpoint_id");