-- qq_wheel_ducks: the ducks of a spin from the day's seed, the visitor's seed and the spin's number (decision 082), the
-- procedure of packages/contract/src/wheel.ts, which the app's check page and `ops wheel:verify` run. Called by qq_spin.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
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
$$;
