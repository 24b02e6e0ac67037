-- qq_spin: a spin in one call (decision 045): the oldest unspent spin spent, its ledger row and the balance.
-- Called by spin.ts; tested by spin.server.test.ts. Live since migration 0017_spin_in_one_call.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE FUNCTION qq_spin(p_user bigint, p_ducks integer, p_at timestamptz)
returns table (spin_outcome text, spin_needs_review boolean)
language plpgsql volatile as $$
declare
  u record;
  s record;
begin
  select users.blocked_at is not null as blocked into u from users where users.id = p_user for update;
  if not found then return; end if;
  if u.blocked then
    spin_outcome := 'blocked';
    return next;
    return;
  end if;

  with spin as (
     select spins.id, spins.needs_review from spins
     where spins.user_id = p_user and spins.spent_at is null and spins.voided_at is null
     order by spins.id limit 1),
   spent as (
     update spins set spent_at = p_at, ducks = p_ducks from spin
     where spins.id = spin.id returning spins.id, spin.needs_review),
   entry as (
     insert into ledger (user_id, amount, posted, kind, spin_id, created_at)
     select p_user, p_ducks, not spent.needs_review, 'spin', spent.id, p_at from spent
     returning ledger.posted),
   balance as (
     update users set
       ducks = users.ducks + case when entry.posted then p_ducks else 0 end,
       pending_ducks = users.pending_ducks + case when entry.posted then 0 else p_ducks end,
       ducks_at = case when entry.posted then p_at else users.ducks_at end
     from entry where users.id = p_user returning users.id)
  select spent.needs_review into s from spent, balance;
  if not found then
    spin_outcome := 'no_spin';
    return next;
    return;
  end if;
  spin_outcome := 'spent';
  spin_needs_review := s.needs_review;
  return next;
end;
$$;
