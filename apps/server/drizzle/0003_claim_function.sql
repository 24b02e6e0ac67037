-- A claim in one round trip (rewards/claim.ts, bench/RESULTS.md): every claim of a reward updates that
-- reward's one row, so claims of one reward take turns on its row lock. In a transaction driven from the
-- server the lock is held until the server has read the answer and sent COMMIT; in this function it is
-- held only to the end of the call. Same steps as an explicit transaction: lock the visitor's row first
-- (decision 003), then one statement that sees every earlier claim of the visitor, checks the rules and,
-- when they hold, takes one from stock and writes the claim, its ledger row and the balance. Returns what
-- it read, so the server can say which rule refused a claim; no row when the user does not exist.
-- Parameters: user id, Idempotency-Key, campaign id, item, new voucher code, time, time in Unix seconds.
CREATE FUNCTION qq_claim(p_user bigint, p_key text, p_campaign text, p_item text, p_voucher text,
                         p_at timestamptz, p_now_sec bigint)
returns table (ducks integer, cabin_owner boolean, prev_item text, prev_price integer, prev_voucher text,
               prev_at_ms float8, reward_id integer, price integer, stock integer, start_date bigint,
               end_date bigint, eligibility text, per_user_limit integer, mine integer, claim_id bigint)
language plpgsql volatile as $$
declare
  u record;
begin
  select users.ducks, users.cabin_owner into u from users where users.id = p_user for update;
  if not found then return; end if;
  return query
  with prev as (
     select r.item, c.price, c.voucher_code, c.created_at from claims c join rewards r on r.id = c.reward_id
     where c.user_id = p_user and c.idempotency_key = p_key),
   reward as (
     select r.id, r.price, r.stock, r.start_date, r.end_date, r.eligibility, r.per_user_limit from rewards r
     where r.campaign_id = p_campaign and r.item = p_item and not r.removed),
   mine as (select count(*)::int as n from claims c where c.user_id = p_user and c.reward_id = (select id from reward)),
   taken as (
     update rewards set stock = rewards.stock - 1 from reward, mine
     where rewards.id = reward.id and rewards.stock > 0 and reward.price <= u.ducks
       and not exists (select 1 from prev)
       and (reward.start_date is null or p_now_sec >= reward.start_date)
       and (reward.end_date is null or p_now_sec <= reward.end_date)
       and (reward.eligibility = 'everyone' or (reward.eligibility = 'owners') = u.cabin_owner)
       and (reward.per_user_limit is null or mine.n < reward.per_user_limit)
     returning rewards.id, reward.price),
   claim as (
     insert into claims (user_id, reward_id, price, voucher_code, idempotency_key, created_at)
     select p_user, taken.id, taken.price, p_voucher, p_key, p_at from taken
     returning claims.id, claims.price),
   entry as (
     insert into ledger (user_id, amount, posted, kind, claim_id, created_at)
     select p_user, -claim.price, true, 'claim', claim.id, p_at from claim returning ledger.amount),
   balance as (
     update users set ducks = users.ducks + entry.amount, ducks_at = p_at from entry
     where users.id = p_user returning users.id)
   select u.ducks, u.cabin_owner, prev.item, prev.price, prev.voucher_code,
          (extract(epoch from prev.created_at) * 1000)::float8,
          reward.id, reward.price, reward.stock, reward.start_date, reward.end_date,
          reward.eligibility, reward.per_user_limit, (select n from mine),
          (select claim.id from claim, balance)
   from (select 1) as one left join prev on true left join reward on true;
end
$$;
