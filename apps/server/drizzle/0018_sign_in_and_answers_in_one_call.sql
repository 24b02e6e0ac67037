-- A sign-in link asked for, a sign-up and an answer, each in one round trip (issue 18, decision 046): what were
-- transactions of five (BEGIN, the lock, the reads, the writes, COMMIT), and of three for the sign-up.
--
-- qq_request_link takes the address's advisory lock (the key auth/link-limits.ts lockAddress takes for the code
-- check), counts the links of the last 15 minutes once it holds it (each statement of a volatile plpgsql function
-- takes its own snapshot), and writes the link and its sealed e-mail when no limit is reached (decision 015).
-- Answers 'sent', 'address' (a per-address limit) or 'client' (the per-IP limit, SIGNIN_LINKS_PER_IP).
CREATE FUNCTION qq_request_link(
  p_email text, p_client_ip text, p_since timestamptz,
  p_per_address_and_client integer, p_per_address integer, p_per_client integer,
  p_token_hash text, p_code_hash text, p_return_to text, p_signup jsonb, p_at timestamptz, p_expires timestamptz,
  p_channel text, p_subject text, p_text text, p_html text)
returns text
language plpgsql volatile as $$
declare
  v_by_address integer;
  v_by_address_and_client integer;
  v_by_client integer;
begin
  perform pg_advisory_xact_lock(hashtext('email-link:' || p_email));
  select count(*)::int, (count(*) filter (where email_links.client_ip = p_client_ip))::int
    into v_by_address, v_by_address_and_client
    from email_links where email_links.email = p_email and email_links.created_at > p_since;
  if v_by_address_and_client >= p_per_address_and_client or v_by_address >= p_per_address then
    return 'address';
  end if;
  select count(*)::int into v_by_client
    from email_links where email_links.client_ip = p_client_ip and email_links.created_at > p_since;
  if v_by_client >= p_per_client then
    return 'client';
  end if;
  with link as (
     insert into email_links (email, token_hash, code_hash, return_to, client_ip, signup, created_at, expires_at)
     values (p_email, p_token_hash, p_code_hash, p_return_to, p_client_ip, p_signup, p_at, p_expires)
     returning id)
  insert into mail_queue (kind, channel, recipient, subject, text, html, sealed, created_at, expires_at, next_attempt_at)
  select 'sign_in', p_channel, p_email, p_subject, p_text, p_html, true, p_at, p_expires, p_at from link;
  return 'sent';
end;
$$;
--> statement-breakpoint
-- qq_sign_up: the account first (nothing is written when the address has one: 'exists'), then the proof spent (a
-- proof used before: 'used', and the account just written is deleted again, so a refusal leaves nothing), then the
-- session. Expired proofs are swept on the way. Answers 'created' with the new account's id and name.
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
--> statement-breakpoint
-- qq_answer: an answer graded by the server (checkpoints/attempts.ts) kept or refused under the visitor's row lock
-- (decision 003), the facts read once the lock is held. In this order, each refusal writing nothing: no such visitor
-- ('no_user'); 'blocked' (decision 020); the same answer again within the de-duplication window, answered with the
-- first one's result ('repeated', only the Idempotency-Key written); the cap ('cap'); a checkpoint whose spin was
-- earned ('completed'); too many invalid scans in a minute or different wrong codes in a day ('invalid_minute',
-- 'invalid_day', decision 029); a photo that is not this visitor's for this checkpoint ('upload_missing'); an
-- Idempotency-Key a twin request recorded first ('key_taken', decision 036). Otherwise the answer, the spin it earns
-- and its photo taken (decision 017): 'answered'. The result is the AttemptResult the visitor is sent, also kept
-- with the key; p_choices are the MCQ's correct letters (null for other types), revealed only once they cannot help.
CREATE FUNCTION qq_answer(
  p_user bigint, p_checkpoint integer, p_max_attempts integer, p_choices jsonb,
  p_answer text, p_outcome text, p_counted boolean, p_spin text, p_upload boolean,
  p_at timestamptz, p_repeat_since timestamptz, p_minute_since timestamptz, p_day_since timestamptz,
  p_invalid_per_minute integer, p_invalid_codes_per_day integer,
  p_key text, p_fingerprint text)
returns table (answer_outcome text, answer_result jsonb)
language plpgsql volatile as $$
declare
  v_blocked boolean;
  v_used integer;
  v_last record;
  v_outcome text;
  v_total integer;
  v_earned boolean;
  v_attempt bigint;
begin
  select users.blocked_at is not null into v_blocked from users where users.id = p_user for update;
  if not found then
    answer_outcome := 'no_user';
    return next;
    return;
  end if;
  if v_blocked then
    answer_outcome := 'blocked';
    return next;
    return;
  end if;

  select count(*)::int into v_used from attempts a
   where a.user_id = p_user and a.checkpoint_id = p_checkpoint and a.counted;
  select a.answer, a.outcome, a.created_at into v_last from attempts a
   where a.user_id = p_user and a.checkpoint_id = p_checkpoint and a.review is distinct from 'rejected'
   order by a.id desc limit 1;

  if v_last.answer is not null and v_last.answer = p_answer and v_last.created_at > p_repeat_since then
    -- A double tap or a retried request counts once.
    answer_outcome := 'repeated';
    v_outcome := v_last.outcome;
    v_total := v_used;
    v_earned := false;
  else
    if p_max_attempts > 0 and v_used >= p_max_attempts then
      answer_outcome := 'cap';
      return next;
      return;
    end if;
    if exists (select 1 from attempts a join spins s on s.attempt_id = a.id
               where a.user_id = p_user and a.checkpoint_id = p_checkpoint and a.counted)
       or exists (select 1 from attempts a
                  where a.user_id = p_user and a.checkpoint_id = p_checkpoint and a.outcome = 'valid') then
      answer_outcome := 'completed';
      return next;
      return;
    end if;
    if not p_counted then
      if (select count(*) from attempts a
          where a.user_id = p_user and a.outcome = 'invalid' and a.created_at >= p_minute_since) >= p_invalid_per_minute then
        answer_outcome := 'invalid_minute';
        return next;
        return;
      end if;
      if (select count(distinct a.answer) from attempts a
          where a.user_id = p_user and a.outcome = 'invalid' and a.created_at >= p_day_since) >= p_invalid_codes_per_day then
        answer_outcome := 'invalid_day';
        return next;
        return;
      end if;
    end if;
    if p_upload then
      perform 1 from uploads
       where uploads.key = p_answer and uploads.user_id = p_user and uploads.checkpoint_id = p_checkpoint
       for update;
      if not found then
        answer_outcome := 'upload_missing';
        return next;
        return;
      end if;
    end if;
    answer_outcome := 'answered';
    v_outcome := p_outcome;
    v_total := v_used + case when p_counted then 1 else 0 end;
    v_earned := p_spin <> 'none';
  end if;

  answer_result := jsonb_build_object('outcome', v_outcome, 'attempts', v_total, 'maxAttempts', p_max_attempts,
                                      'spinEarned', v_earned)
    || case when p_choices is not null and (v_outcome = 'correct' or (p_max_attempts > 0 and v_total >= p_max_attempts))
            then jsonb_build_object('correctChoices', p_choices) else '{}'::jsonb end;

  if p_key is not null then
    insert into attempt_keys (user_id, key, fingerprint, result, created_at)
    values (p_user, p_key, p_fingerprint, answer_result, p_at)
    on conflict do nothing;
    if not found then
      answer_outcome := 'key_taken';
      answer_result := null;
      return next;
      return;
    end if;
  end if;
  if answer_outcome = 'repeated' then
    return next;
    return;
  end if;

  insert into attempts (user_id, checkpoint_id, answer, outcome, counted, review, created_at)
  values (p_user, p_checkpoint, p_answer, p_outcome, p_counted, case when p_spin = 'review' then 'pending' end, p_at)
  returning attempts.id into v_attempt;
  if p_spin <> 'none' then
    insert into spins (user_id, attempt_id, needs_review) values (p_user, v_attempt, p_spin = 'review');
  end if;
  -- The photo is taken by this answer: never replaced, never swept (decision 017). A photo sent to the bucket (S3) is
  -- marked stored here too, the server having just found it there (uploads.ts checkUpload): the server never sees
  -- that PUT, and reviewers are shown stored photos only.
  if p_upload then
    update uploads set used_at = p_at, stored_at = coalesce(uploads.stored_at, p_at)
     where uploads.key = p_answer and uploads.user_id = p_user and uploads.checkpoint_id = p_checkpoint;
  end if;
  return next;
end;
$$;
