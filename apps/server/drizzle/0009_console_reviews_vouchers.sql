-- The console's review queue and vouchers on board (docs/product.md §14): who decided a review and why (the
-- visitor will see the reason), and who handed a voucher over. The columns renamed keep their data; decisions
-- and redemptions made before this migration were all made on the command line.
ALTER TABLE "attempts" RENAME COLUMN "reviewed_at" TO "decided_at";--> statement-breakpoint
ALTER TABLE "attempts" RENAME COLUMN "review_note" TO "review_reason";--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "redeemed_by" text;--> statement-breakpoint
UPDATE "attempts" SET "decided_by" = 'cli' WHERE "decided_at" IS NOT NULL;--> statement-breakpoint
UPDATE "claims" SET "redeemed_by" = 'cli' WHERE "redeemed_at" IS NOT NULL;
