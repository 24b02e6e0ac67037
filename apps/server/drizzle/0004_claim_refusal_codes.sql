-- qq_claim answers a refused claim with the code of the first rule broken, instead of what it read: the
-- server no longer re-checks the rules to pick the message (packages/contract/src/claim-refusals.ts maps
-- each code to its message and kind of error). The claim itself is unchanged from 0003: one round trip,
-- the visitor's row locked first (decision 003), the stock taken last so claims of one reward hold that
-- reward's row lock only from the stock update to the end of the call (decision 010).
-- Columns: refusal (a code, null when the claim was made or replayed), the visitor's ducks now (after
-- this claim's debit), the price (of the reward, or of the replayed claim), and for a replay (the same
-- Idempotency-Key again) the first claim's item, voucher and time. No row when the user does not exist.
-- When every rule holds but the stock ran out meanwhile, it raises SQLSTATE QQ409 ('sold_out'), which
-- undoes the call's writes. The return type changes, so the function is dropped and created again.
DROP FUNCTION qq_claim(bigint, text, text, text, text, timestamptz, bigint);
--> statement-breakpoint
CREATE FUNCTION qq_claim(p_user bigint, p_key text, p_campaign text, p_item text, p_voucher text,
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
  select users.ducks, users.cabin_owner into u from users where users.id = p_user for update;
  if not found then return; end if;

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
