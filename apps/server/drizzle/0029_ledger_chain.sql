-- The ledger's hash chains (decision 079, issue 34 part 3): each visitor's rows linked in the order written, by an
-- insert trigger; the rows already there are linked here in id order. The index by visitor and place replaces the one by
-- visitor alone: as many indexes to write per row as before.
ALTER TABLE "ledger" ADD COLUMN "seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION qq_ledger_hash(
  p_previous text, p_user bigint, p_seq integer, p_id bigint, p_amount integer, p_posted boolean, p_kind text,
  p_spin bigint, p_claim bigint, p_reason text, p_at timestamptz
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    p_previous, p_user, p_seq, p_id, p_amount, p_posted, p_kind, p_spin, p_claim, p_reason,
    (extract(epoch from p_at) * 1000000)::bigint
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION qq_ledger_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_seq integer;
  v_hash text;
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  SELECT seq, hash INTO v_seq, v_hash FROM ledger WHERE user_id = NEW.user_id ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(v_seq, 0) + 1;
  NEW.hash := qq_ledger_hash(coalesce(v_hash, repeat('0', 64)), NEW.user_id, NEW.seq, NEW.id, NEW.amount, NEW.posted,
    NEW.kind, NEW.spin_id, NEW.claim_id, NEW.reason, NEW.created_at);
  RETURN NEW;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  r record;
  v_user bigint := -1;
  v_seq integer := 0;
  v_hash text;
BEGIN
  FOR r IN SELECT * FROM ledger ORDER BY user_id, id LOOP
    IF r.user_id <> v_user THEN
      v_user := r.user_id;
      v_seq := 0;
      v_hash := repeat('0', 64);
    END IF;
    v_seq := v_seq + 1;
    v_hash := qq_ledger_hash(v_hash, r.user_id, v_seq, r.id, r.amount, r.posted, r.kind, r.spin_id, r.claim_id, r.reason,
      r.created_at);
    UPDATE ledger SET seq = v_seq, hash = v_hash WHERE id = r.id;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_user_seq_idx" ON "ledger" USING btree ("user_id","seq");--> statement-breakpoint
DROP INDEX "ledger_user_idx";--> statement-breakpoint
CREATE TRIGGER "ledger_link" BEFORE INSERT ON "ledger" FOR EACH ROW EXECUTE FUNCTION "qq_ledger_link"();
