-- The verifiable wheel (decision 082, issue 34 part 2): each day's seed committed before the day, the visitor's own
-- seed, and qq_spin working out a spin's ducks from them with qq_wheel_ducks (the procedure of the app's check page).
CREATE TABLE "wheel_days" (
	"day" date PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"odds" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spins" ADD COLUMN "wheel_day" date;--> statement-breakpoint
ALTER TABLE "spins" ADD COLUMN "wheel_seed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wheel_seed" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 16) NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION qq_wheel_ducks(p_day_seed text, p_visitor_seed text, p_number bigint, p_odds jsonb)
returns integer
language plpgsql immutable as $$
declare
  v_total bigint := 0;
  v_roll bigint;
  v_weight bigint;
begin
  for i in 0 .. jsonb_array_length(p_odds) - 1 loop
    v_total := v_total + greatest((p_odds ->> i)::bigint, 0);
  end loop;
  if v_total <= 0 then return 1; end if;
  -- The hash's first 13 hex digits as a number (52 bits), modulo the odds' sum.
  v_roll := ('x' || lpad(left(encode(sha256(convert_to(p_day_seed || ':' || p_visitor_seed || ':' || p_number, 'UTF8')),
    'hex'), 13), 16, '0'))::bit(64)::bigint % v_total;
  for i in 0 .. jsonb_array_length(p_odds) - 1 loop
    v_weight := greatest((p_odds ->> i)::bigint, 0);
    if v_weight > 0 then
      if v_roll < v_weight then return i + 1; end if;
      v_roll := v_roll - v_weight;
    end if;
  end loop;
  return jsonb_array_length(p_odds);
end;
$$;--> statement-breakpoint
DROP FUNCTION qq_spin(bigint, integer, timestamptz);--> statement-breakpoint
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
