-- An upload is stored once and used once (decision 017): stored_at when its bytes arrived (a second PUT to
-- the same key is refused), used_at when an answer was submitted with it. Unused uploads are removed after
-- their URL's life; the partial indexes find them per visitor and by age.
ALTER TABLE "uploads" ADD COLUMN "stored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_unused_by_user_idx" ON "uploads" ("user_id", "created_at") WHERE "used_at" IS NULL;--> statement-breakpoint
CREATE INDEX "uploads_unused_by_age_idx" ON "uploads" ("created_at") WHERE "used_at" IS NULL;
