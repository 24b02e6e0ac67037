-- A claim in one round trip (rewards/claim.ts, decision 010, bench/RESULTS.md). Every claim of a reward
-- updates that reward's one row, so claims of one reward take turns on its row lock: a transaction driven
-- from the server would hold it until the server has read the answer and sent COMMIT. Here the stock is
-- taken last, so the lock is held only from that update to the end of the call.
-- The same steps as an explicit transaction: lock the visitor's row first (decision 003); each statement
-- below then sees every earlier claim of the visitor. Returns what it read, so that the server can say
-- which rule refused a claim (claim_id is null then); no row when the user does not exist. When every rule
-- holds but the stock has run out, it raises SQLSTATE QQ409 and nothing is written.
-- Parameters: user id, Idempotency-Key, campaign id, item, new voucher code, time, time in Unix seconds.
CREATE FUNCTION qq_claim(p_user bigint, p_key text, p_campaign text, p_item text, p_voucher text,
                         p_at timestamptz, p_now_sec bigint)
returns table (ducks integer, cabin_owner boolean, prev_item text, prev_price integer, prev_voucher text,
               prev_at_ms float8, reward_id integer, price integer, stock integer, start_date bigint,
               end_date bigint, eligibility text, per_user_limit integer, mine integer, claim_id bigint)
language plpgsql volatile as $$
declare
  u record;
  p record;
  r record;
  n integer := 0;
  new_claim bigint;
begin
  select users.ducks, users.cabin_owner into u from users where users.id = p_user for update;
  if not found then return; end if;

  select rw.item, c.price, c.voucher_code, (extract(epoch from c.created_at) * 1000)::float8 as at_ms into p
  from claims c join rewards rw on rw.id = c.reward_id
  where c.user_id = p_user and c.idempotency_key = p_key;
  if found then
    return query select u.ducks, u.cabin_owner, p.item, p.price, p.voucher_code, p.at_ms,
      null::integer, null::integer, null::integer, null::bigint, null::bigint, null::text, null::integer,
      null::integer, null::bigint;
    return;
  end if;

  select rw.id, rw.price, rw.stock, rw.start_date, rw.end_date, rw.eligibility, rw.per_user_limit into r
  from rewards rw where rw.campaign_id = p_campaign and rw.item = p_item and not rw.removed;
  if not found then
    return query select u.ducks, u.cabin_owner, null::text, null::integer, null::text, null::float8,
      null::integer, null::integer, null::integer, null::bigint, null::bigint, null::text, null::integer,
      null::integer, null::bigint;
    return;
  end if;
  if r.per_user_limit is not null then
    select count(*)::integer into n from claims c where c.user_id = p_user and c.reward_id = r.id;
  end if;

  if r.stock > 0 and r.price <= u.ducks
     and (r.start_date is null or p_now_sec >= r.start_date)
     and (r.end_date is null or p_now_sec <= r.end_date)
     and (r.eligibility = 'everyone' or (r.eligibility = 'owners') = u.cabin_owner)
     and (r.per_user_limit is null or n < r.per_user_limit) then
    insert into claims (user_id, reward_id, price, voucher_code, idempotency_key, created_at)
    values (p_user, r.id, r.price, p_voucher, p_key, p_at) returning id into new_claim;
    insert into ledger (user_id, amount, posted, kind, claim_id, created_at)
    values (p_user, -r.price, true, 'claim', new_claim, p_at);
    update users set ducks = users.ducks - r.price, ducks_at = p_at where users.id = p_user;
    update rewards set stock = rewards.stock - 1 where rewards.id = r.id and rewards.stock > 0;
    if not found then
      raise exception 'Limit for this reward is reached.' using errcode = 'QQ409';
    end if;
  end if;

  return query select u.ducks, u.cabin_owner, null::text, null::integer, null::text, null::float8,
    r.id, r.price, r.stock, r.start_date, r.end_date, r.eligibility, r.per_user_limit, n, new_claim;
end
$$;
