-- qq_ledger_hash: one link of a visitor's ledger chain (decision 079): SHA-256 over the previous link's hash and the
-- ledger row, written as a JSON array so that no field's text can pass for its neighbour's, with the time in
-- microseconds since 1970 (never the session's time zone). Used by qq_ledger_link.sql as each row is inserted and by
-- db/invariants.ts when `ops verify` walks the chains. Live since migration 0029_ledger_chain.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE FUNCTION qq_ledger_hash(
  p_previous text, p_user bigint, p_seq integer, p_id bigint, p_amount integer, p_posted boolean, p_kind text,
  p_spin bigint, p_claim bigint, p_reason text, p_at timestamptz
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    p_previous, p_user, p_seq, p_id, p_amount, p_posted, p_kind, p_spin, p_claim, p_reason,
    (extract(epoch from p_at) * 1000000)::bigint
  )::text, 'UTF8')), 'hex')
$$;
