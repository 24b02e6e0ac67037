-- qq_ledger_link: the trigger that links each new ledger row to its visitor's previous one (decision 079): the next
-- number of the visitor's chain and SHA-256 over the previous link and the row (qq_ledger_hash.sql). The visitor's
-- row lock makes their rows link one at a time: every write of ducks already holds it (a spin, a claim, a review, an
-- adjustment update the visitor's cached balance in the same transaction), so the chain costs no wait of its own.
-- Live since migration 0029_ledger_chain.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
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
$$;
