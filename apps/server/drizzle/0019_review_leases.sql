ALTER TABLE "attempts" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "leased_until" timestamp with time zone;