-- qq_audit_hash: one link of the audit trail's hash chain (decision 065): SHA-256 over the previous link's hash and
-- the audit row, written as a JSON array so that no field's text can pass for its neighbour's, with the time in
-- microseconds since 1970 (never the session's time zone). Used by qq_audit_seal.sql when a row is committed and by
-- db/invariants.ts when `ops verify` walks the chain. Live since migration 0022_audit_chain.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE FUNCTION qq_audit_hash(
  p_previous text, p_seq bigint, p_id bigint, p_at timestamptz, p_actor text, p_action text, p_subject text,
  p_before jsonb, p_after jsonb
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    p_previous, p_seq, p_id, (extract(epoch from p_at) * 1000000)::bigint, p_actor, p_action, p_subject, p_before, p_after
  )::text, 'UTF8')), 'hex')
$$;
