-- qq_sign_up: a sign-up in one call (decision 046): the account, the proof spent and the session, or nothing.
-- Called by handlers/session.ts; tested by login.server.test.ts. Live since migration
-- 0018_sign_in_and_answers_in_one_call.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE FUNCTION qq_sign_up(
  p_jti text, p_jti_expires timestamptz, p_at timestamptz,
  p_email text, p_full_name text, p_phone text, p_instagram text, p_cabin_owner boolean,
  p_session_hash text, p_session_expires timestamptz, p_language text)
returns table (sign_up_outcome text, sign_up_user bigint, sign_up_name text)
language plpgsql volatile as $$
declare
  v_user bigint;
  v_name text;
begin
  insert into users (email, full_name, phone, instagram, cabin_owner, accepted_terms_at, language)
  values (p_email, p_full_name, p_phone, p_instagram, p_cabin_owner, p_at, p_language)
  on conflict (email) do nothing
  returning users.id, users.full_name into v_user, v_name;
  if not found then
    sign_up_outcome := 'exists';
    return next;
    return;
  end if;
  delete from spent_id_tokens where spent_id_tokens.expires_at < p_at;
  insert into spent_id_tokens (jti, expires_at) values (p_jti, p_jti_expires) on conflict do nothing;
  if not found then
    delete from users where users.id = v_user;
    sign_up_outcome := 'used';
    return next;
    return;
  end if;
  insert into sessions (id_hash, user_id, expires_at) values (p_session_hash, v_user, p_session_expires);
  sign_up_outcome := 'created';
  sign_up_user := v_user;
  sign_up_name := v_name;
  return next;
end;
$$;
