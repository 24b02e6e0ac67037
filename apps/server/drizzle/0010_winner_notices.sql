CREATE TABLE "winner_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"notified_by" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"mail_id" text NOT NULL,
	"rank" integer NOT NULL,
	"ducks" integer NOT NULL,
	CONSTRAINT "winner_notices_mail_id_unique" UNIQUE("mail_id")
);
--> statement-breakpoint
ALTER TABLE "winner_notices" ADD CONSTRAINT "winner_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "winner_notices_user_idx" ON "winner_notices" USING btree ("user_id");