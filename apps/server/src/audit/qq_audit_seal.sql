-- qq_audit_seal: the trigger that seals each audit row as its transaction commits (decision 065): the chain's head
-- moves one on and the row's seal records the number and the new hash. Deferred to the commit, the head's row lock
-- is held only while committing, never while the operator's action still waits on other rows, so it cannot
-- deadlock; a rolled-back action leaves no seal and no gap. SECURITY DEFINER: the app's role needs no right to
-- write the chain (docs/deploy.md, roles). Live since migration 0022_audit_chain.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
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
$$;
