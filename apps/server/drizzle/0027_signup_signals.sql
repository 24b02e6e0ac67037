-- Signals that several accounts may be one person (issue 32 part 3, decision 075): where and in which browser each
-- account signed up, as keyed hashes that can be compared but not read back; deleted when the visitor is erased.
CREATE TABLE "signup_signals" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"network" text NOT NULL,
	"browser" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signup_signals" ADD CONSTRAINT "signup_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signup_signals_network_idx" ON "signup_signals" USING btree ("network","at");--> statement-breakpoint
CREATE INDEX "signup_signals_browser_idx" ON "signup_signals" USING btree ("browser");