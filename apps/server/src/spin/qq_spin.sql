-- qq_spin: a spin in one call (decision 045): the oldest unspent spin spent, its ducks worked out from the day's seed, the
-- visitor's seed and the spin's number (qq_wheel_ducks, decision 082), its ledger row and the balance.
-- Called by spin.ts; tested by spin.server.test.ts and wheel.server.test.ts. Live since migration 0030_verifiable_wheel.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE OR REPLACE FUNCTION qq_spin(p_user bigint, p_at timestamptz, p_day date)
returns table (spin_outcome text, spin_needs_review boolean, spin_ducks integer)
language plpgsql volatile as $$
declare
  u record;
  w record;
  s record;
  v_ducks integer;
begin
  select users.blocked_at is not null as blocked, users.wheel_seed into u from users where users.id = p_user for update;
  if not found then return; end if;
  if u.blocked then
    spin_outcome := 'blocked';
    return next;
    return;
  end if;

  select spins.id, spins.needs_review into s from spins
  where spins.user_id = p_user and spins.spent_at is null and spins.voided_at is null
  order by spins.id limit 1;
  if not found then
    spin_outcome := 'no_spin';
    return next;
    return;
  end if;

  -- The day's row is written before the day (spin/wheel-days.ts); a spin without one would be one nobody can check.
  select wheel_days.seed, wheel_days.odds into w from wheel_days where wheel_days.day = p_day;
  if not found then raise exception 'qq_spin: the wheel has no seed for %', p_day; end if;
  v_ducks := qq_wheel_ducks(w.seed, u.wheel_seed, s.id, w.odds);

  update spins set spent_at = p_at, ducks = v_ducks, wheel_day = p_day, wheel_seed = u.wheel_seed where spins.id = s.id;
  insert into ledger (user_id, amount, posted, kind, spin_id, created_at)
  values (p_user, v_ducks, not s.needs_review, 'spin', s.id, p_at);
  update users set
    ducks = users.ducks + case when s.needs_review then 0 else v_ducks end,
    pending_ducks = users.pending_ducks + case when s.needs_review then v_ducks else 0 end,
    ducks_at = case when s.needs_review then users.ducks_at else p_at end
  where users.id = p_user;

  spin_outcome := 'spent';
  spin_needs_review := s.needs_review;
  spin_ducks := v_ducks;
  return next;
end;
$$;
