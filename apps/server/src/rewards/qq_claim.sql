-- qq_claim: a claim of a reward in one call (decision 010), the visitor's row locked first (decision 003): a refusal
-- code, or the claim made or replayed. Called by claim.ts; tested by claims.server.test.ts and
-- claims-concurrency.server.test.ts. Live since migration 0012_participants.sql (earlier: 0003, 0004).
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE OR REPLACE FUNCTION qq_claim(p_user bigint, p_key text, p_campaign text, p_item text, p_voucher text,
                         p_at timestamptz, p_now_sec bigint)
returns table (refusal text, ducks integer, price integer, prev_item text, prev_voucher text, prev_at_ms float8)
language plpgsql volatile as $$
declare
  u record;
  p record;
  r record;
  n integer := 0;
  refused text;
  new_claim bigint;
begin
  select users.ducks, users.cabin_owner, users.blocked_at into u from users where users.id = p_user for update;
  if not found then return; end if;
  -- A blocked visitor claims nothing, not even a replay (decision 020).
  if u.blocked_at is not null then
    return query select 'blocked'::text, u.ducks, null::integer, null::text, null::text, null::float8;
    return;
  end if;

  select rw.item, c.price, c.voucher_code, (extract(epoch from c.created_at) * 1000)::float8 as at_ms into p
  from claims c join rewards rw on rw.id = c.reward_id
  where c.user_id = p_user and c.idempotency_key = p_key;
  if found then
    return query select null::text, u.ducks, p.price, p.item, p.voucher_code, p.at_ms;
    return;
  end if;

  select rw.id, rw.price, rw.stock, rw.start_date, rw.end_date, rw.eligibility, rw.per_user_limit into r
  from rewards rw where rw.campaign_id = p_campaign and rw.item = p_item and not rw.removed;
  if not found then
    return query select 'unknown_reward'::text, u.ducks, null::integer, null::text, null::text, null::float8;
    return;
  end if;
  if r.per_user_limit is not null then
    select count(*)::integer into n from claims c where c.user_id = p_user and c.reward_id = r.id;
  end if;

  -- The rules in the order their refusals take precedence (CLAIM_REFUSALS in the contract).
  refused := case
    when (r.start_date is not null and p_now_sec < r.start_date)
      or (r.end_date is not null and p_now_sec > r.end_date) then 'not_available'
    when r.stock <= 0 then 'sold_out'
    when r.eligibility <> 'everyone' and (r.eligibility = 'owners') <> u.cabin_owner then
      case when r.eligibility = 'owners' then 'owners_only' else 'non_owners_only' end
    when r.per_user_limit is not null and n >= r.per_user_limit then 'limit_reached'
    when u.ducks < r.price then 'not_enough_ducks'
  end;
  if refused is not null then
    return query select refused, u.ducks, r.price, null::text, null::text, null::float8;
    return;
  end if;

  insert into claims (user_id, reward_id, price, voucher_code, idempotency_key, created_at)
  values (p_user, r.id, r.price, p_voucher, p_key, p_at) returning id into new_claim;
  insert into ledger (user_id, amount, posted, kind, claim_id, created_at)
  values (p_user, -r.price, true, 'claim', new_claim, p_at);
  update users set ducks = users.ducks - r.price, ducks_at = p_at where users.id = p_user;
  update rewards set stock = rewards.stock - 1 where rewards.id = r.id and rewards.stock > 0;
  if not found then
    raise exception 'sold_out' using errcode = 'QQ409';
  end if;

  return query select null::text, u.ducks - r.price, r.price, null::text, null::text, null::float8;
end
$$;
