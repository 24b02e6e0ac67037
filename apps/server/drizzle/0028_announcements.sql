CREATE TABLE "announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"audience" text NOT NULL,
	"show_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "announcements_audience_known" CHECK ("announcements"."audience" in ('everyone', 'no_answer_today')),
	CONSTRAINT "announcements_ends_after_start" CHECK ("announcements"."ends_at" > "announcements"."show_at")
);
--> statement-breakpoint
DROP INDEX "reminder_queue_once_idx";--> statement-breakpoint
DROP INDEX "reminder_queue_due_idx";--> statement-breakpoint
ALTER TABLE "reminder_queue" ADD COLUMN "medium" text DEFAULT 'push' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_queue" ADD COLUMN "announcement_id" bigint;--> statement-breakpoint
CREATE INDEX "announcements_show_idx" ON "announcements" USING btree ("show_at");--> statement-breakpoint
ALTER TABLE "reminder_queue" ADD CONSTRAINT "reminder_queue_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_queue_announcement_once_idx" ON "reminder_queue" USING btree ("opt_in_id","announcement_id") WHERE "reminder_queue"."announcement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_queue_once_idx" ON "reminder_queue" USING btree ("opt_in_id","opens_at") WHERE "reminder_queue"."announcement_id" is null;--> statement-breakpoint
CREATE INDEX "reminder_queue_due_idx" ON "reminder_queue" USING btree ("channel","medium","next_attempt_at") WHERE state = 'queued';