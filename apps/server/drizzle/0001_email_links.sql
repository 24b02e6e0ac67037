CREATE TABLE "email_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"return_to" text NOT NULL,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_codes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "email_links_email_idx" ON "email_links" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "email_links_ip_idx" ON "email_links" USING btree ("client_ip","created_at");