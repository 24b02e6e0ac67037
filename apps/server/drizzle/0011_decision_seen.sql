-- The visitor is told each review decision once (docs/product.md §5.7, decision 023): when it was shown. Decisions
-- made before this migration count as seen, so an upgrade does not greet every visitor with old news.
ALTER TABLE "attempts" ADD COLUMN "decision_seen_at" timestamp with time zone;--> statement-breakpoint
UPDATE "attempts" SET "decision_seen_at" = "decided_at" WHERE "decided_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "attempts_unseen_decision_idx" ON "attempts" USING btree ("user_id") WHERE "attempts"."decided_at" is not null and "attempts"."decision_seen_at" is null;
