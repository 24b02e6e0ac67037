CREATE TABLE "attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"checkpoint_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text NOT NULL,
	"outcome" text NOT NULL,
	"review" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"counted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"info" jsonb NOT NULL,
	"wheel_weights" jsonb NOT NULL,
	"source_dir" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"sequence" integer NOT NULL,
	"type" text NOT NULL,
	"image" text,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"max_attempts" integer DEFAULT 0 NOT NULL,
	"choices" text[],
	"qr_texts" text[],
	"mcq_answers" text[],
	"removed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"reward_id" integer NOT NULL,
	"price" integer NOT NULL,
	"voucher_code" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "claims_voucher_code_unique" UNIQUE("voucher_code")
);
--> statement-breakpoint
CREATE TABLE "ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"posted" boolean NOT NULL,
	"kind" text NOT NULL,
	"spin_id" bigint,
	"claim_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"item" text NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"stock_loaded" integer NOT NULL,
	"description" text NOT NULL,
	"start_date" bigint,
	"end_date" bigint,
	"eligibility" text DEFAULT 'everyone' NOT NULL,
	"per_user_limit" integer,
	"sequence" integer NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "rewards_stock_non_negative" CHECK ("rewards"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"attempt_id" bigint NOT NULL,
	"needs_review" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"spent_at" timestamp with time zone,
	"ducks" integer,
	"voided_at" timestamp with time zone,
	CONSTRAINT "spins_attempt_id_unique" UNIQUE("attempt_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"checkpoint_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"instagram" text DEFAULT '' NOT NULL,
	"cabin_owner" boolean DEFAULT false NOT NULL,
	"accepted_terms_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ducks" integer DEFAULT 0 NOT NULL,
	"pending_ducks" integer DEFAULT 0 NOT NULL,
	"ducks_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_ducks_non_negative" CHECK ("users"."ducks" >= 0),
	CONSTRAINT "users_pending_non_negative" CHECK ("users"."pending_ducks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempts" ADD CONSTRAINT "attempts_checkpoint_id_checkpoints_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."checkpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkpoints" ADD CONSTRAINT "checkpoints_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_spin_id_spins_id_fk" FOREIGN KEY ("spin_id") REFERENCES "public"."spins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_attempt_id_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_checkpoint_id_checkpoints_id_fk" FOREIGN KEY ("checkpoint_id") REFERENCES "public"."checkpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempts_user_checkpoint_idx" ON "attempts" USING btree ("user_id","checkpoint_id");--> statement-breakpoint
CREATE INDEX "attempts_review_idx" ON "attempts" USING btree ("review") WHERE "attempts"."review" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "checkpoints_campaign_slug_idx" ON "checkpoints" USING btree ("campaign_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_user_key_idx" ON "claims" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "claims_reward_idx" ON "claims" USING btree ("reward_id");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_campaign_item_idx" ON "rewards" USING btree ("campaign_id","item");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "spins_unspent_idx" ON "spins" USING btree ("user_id","id") WHERE "spins"."spent_at" is null and "spins"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "users_rank_idx" ON "users" USING btree ("ducks" DESC NULLS LAST,"ducks_at","id");