-- Issue 12: the sign-up form's details kept with a sign-up link, so any browser that opens the link or
-- enters its code can finish the sign-up (docs/product.md §5.2); and the sign-in proofs (idTokens) already
-- spent on a session, kept until they expire, so each proof starts one session only (decision 016).
ALTER TABLE "email_links" ADD COLUMN "signup" jsonb;
--> statement-breakpoint
CREATE TABLE "spent_id_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_id_tokens_expires_idx" ON "spent_id_tokens" USING btree ("expires_at");
