-- The audit trail's hash chain (decision 065, issue 29 part 4): each audit row is sealed at its transaction's commit
-- with the next number and a SHA-256 over the previous seal and the row, so `ops verify` finds an edited, removed or
-- slipped-in row. The chain's head is one row; the seals are append-only like the trail; the rows already there are
-- sealed in id order here.
CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_one_row" CHECK ("audit_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "audit_seals" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_seals_audit_id_unique" UNIQUE("audit_id")
);
--> statement-breakpoint
-- Hand-written from here (the generated part above comes from db/schema.ts).
CREATE FUNCTION qq_audit_hash(
  p_previous text, p_seq bigint, p_id bigint, p_at timestamptz, p_actor text, p_action text, p_subject text,
  p_before jsonb, p_after jsonb
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    p_previous, p_seq, p_id, (extract(epoch from p_at) * 1000000)::bigint, p_actor, p_action, p_subject, p_before, p_after
  )::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION qq_audit_seal() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  WITH head AS (
    UPDATE audit_chain
    SET seq = seq + 1,
        hash = qq_audit_hash(hash, seq + 1, NEW.id, NEW.at, NEW.actor, NEW.action, NEW.subject, NEW.before, NEW.after)
    RETURNING seq, hash
  )
  INSERT INTO audit_seals (seq, audit_id, hash) SELECT head.seq, NEW.id, head.hash FROM head;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "audit_chain" ("id", "seq", "hash") VALUES (1, 0, repeat('0', 64));--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    WITH head AS (
      UPDATE audit_chain
      SET seq = seq + 1,
          hash = qq_audit_hash(hash, seq + 1, r.id, r.at, r.actor, r.action, r.subject, r.before, r.after)
      RETURNING seq, hash
    )
    INSERT INTO audit_seals (seq, audit_id, hash) SELECT head.seq, r.id, head.hash FROM head;
  END LOOP;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_log_seal" AFTER INSERT ON "audit_log" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "qq_audit_seal"();--> statement-breakpoint
CREATE TRIGGER "audit_seals_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_seals"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_seals_no_truncate" BEFORE TRUNCATE ON "audit_seals"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_insert_delete" BEFORE INSERT OR DELETE ON "audit_chain"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_chain_no_truncate" BEFORE TRUNCATE ON "audit_chain"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
