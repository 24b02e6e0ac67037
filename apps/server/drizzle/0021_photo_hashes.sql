-- The same photo sent twice (issue 28 part 4): each photo answer's bytes are hashed once, and the review queue flags
-- a photo another visitor already sent.
ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
CREATE INDEX "uploads_sha256_idx" ON "uploads" USING btree ("sha256") WHERE "uploads"."sha256" is not null;