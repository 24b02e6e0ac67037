-- qq_answer: an answer kept or refused in one call under the visitor's row lock (decisions 003, 046), with the spin
-- it earns and its photo taken. Called by attempts.ts; tested by attempts.server.test.ts. Live since migration
-- 0018_sign_in_and_answers_in_one_call.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
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
