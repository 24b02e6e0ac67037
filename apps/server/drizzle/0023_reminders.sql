-- Reminders when the next day's checkpoint opens (issue 27 part 6, decision 063): a visitor's opt-in (a Web Push
-- subscription, withdrawable, erased with them) and the queue of reminders each unlock sends once.
CREATE TABLE "reminder_opt_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"endpoint" text,
	"p256dh" text,
	"auth" text,
	"opted_in_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminder_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"opt_in_id" bigint NOT NULL,
	"opens_at" bigint NOT NULL,
	"channel" text DEFAULT 'main' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "reminder_opt_ins" ADD CONSTRAINT "reminder_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_queue" ADD CONSTRAINT "reminder_queue_opt_in_id_reminder_opt_ins_id_fk" FOREIGN KEY ("opt_in_id") REFERENCES "public"."reminder_opt_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_opt_ins_live_idx" ON "reminder_opt_ins" USING btree ("user_id","channel") WHERE "reminder_opt_ins"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "reminder_opt_ins_user_idx" ON "reminder_opt_ins" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_queue_once_idx" ON "reminder_queue" USING btree ("opt_in_id","opens_at");--> statement-breakpoint
CREATE INDEX "reminder_queue_due_idx" ON "reminder_queue" USING btree ("channel","next_attempt_at") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "reminder_queue_sent_idx" ON "reminder_queue" USING btree ("channel","sent_at");