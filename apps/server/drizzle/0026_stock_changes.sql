-- Stock from the console (issue 32 part 2, decision 071): what an admin adds to or takes from a reward is a record of
-- its own, so a later load or restore of the pack adds it again to the pack's stock instead of undoing it.
CREATE TABLE "stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reward_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "stock_changes_amount_not_zero" CHECK ("stock_changes"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "stock_changes" ADD CONSTRAINT "stock_changes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_changes_reward_idx" ON "stock_changes" USING btree ("reward_id");