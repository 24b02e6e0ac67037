-- qq_spin: a spin in one call (decision 045): the oldest unspent spin spent, its ducks worked out from the day's seed, the
-- visitor's seed and the spin's number (qq_wheel_ducks, decision 082), its ledger row and the balance.
-- Called by spin.ts; tested by spin.server.test.ts and wheel.server.test.ts. Live since migration 0030_verifiable_wheel.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE OR REPLACE FUNCTION qq_spin(p_user bigint, p_at timestamptz, p_day date)
returns table (spin_outcome text, spin_needs_review boolean, spin_ducks integer)
language plpgsql volatile as $$
declare
  u record;
  s record;
begin
  -- The visitor locked, with their seed and the day's seed and odds (the day's row is written before the day,
  -- spin/wheel-days.ts).
  select users.blocked_at is not null as blocked, users.wheel_seed, w.seed as day_seed, w.odds
  into u
  from users left join wheel_days w on w.day = p_day
  where users.id = p_user
  for update of users;
  if not found then return; end if;
  if u.blocked then
    spin_outcome := 'blocked';
    return next;
    return;
  end if;
  -- A spin without its day's seed would be one nobody can check.
  if u.day_seed is null then raise exception 'qq_spin: the wheel has no seed for %', p_day; end if;

  with spin as (
     select spins.id, spins.needs_review from spins
     where spins.user_id = p_user and spins.spent_at is null and spins.voided_at is null
     order by spins.id limit 1),
   spent as (
     update spins set spent_at = p_at, ducks = qq_wheel_ducks(u.day_seed, u.wheel_seed, spin.id, u.odds),
       wheel_day = p_day, wheel_seed = u.wheel_seed
     from spin where spins.id = spin.id returning spins.id, spins.ducks, spin.needs_review),
   entry as (
     insert into ledger (user_id, amount, posted, kind, spin_id, created_at)
     select p_user, spent.ducks, not spent.needs_review, 'spin', spent.id, p_at from spent
     returning ledger.posted, ledger.amount),
   balance as (
     update users set
       ducks = users.ducks + case when entry.posted then entry.amount else 0 end,
       pending_ducks = users.pending_ducks + case when entry.posted then 0 else entry.amount end,
       ducks_at = case when entry.posted then p_at else users.ducks_at end
     from entry where users.id = p_user returning users.id)
  select spent.needs_review, spent.ducks into s from spent, balance;
  if not found then
    spin_outcome := 'no_spin';
    return next;
    return;
  end if;
  spin_outcome := 'spent';
  spin_needs_review := s.needs_review;
  spin_ducks := s.ducks;
  return next;
end;
$$;
