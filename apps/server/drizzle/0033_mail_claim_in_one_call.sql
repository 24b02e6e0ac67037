-- The mail queue's claim in one call of qq_mail_claim (decision 095): the text of src/mail/qq_mail_claim.sql.
-- qq_mail_claim: a claim of the mail queue in one call (decision 095; before it, a transaction of five round trips).
-- Under the channel's advisory lock (claims from every instance take turns, for a few milliseconds) it counts the
-- e-mails sent since p_rate_since (a minute ago) and since p_pace_since (10 seconds ago) and those being sent, each
-- statement after the lock seeing what the claim before it committed; it claims at most the room left by
-- SIGNIN_MAIL_PER_MINUTE and its pace, in turns by client and IP (decisions 038 and 058; oldest first within a turn),
-- and returns the rows claimed. SKIP LOCKED keeps a claim from waiting on rows another transaction holds.
-- Called by queue.ts; tested by queue.server.test.ts and auth/fair-mail.server.test.ts.
-- Live since migration 0033_mail_claim_in_one_call.sql.
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE FUNCTION qq_mail_claim(
  p_channel text, p_now timestamptz, p_most integer, p_per_minute integer, p_rate_since timestamptz, p_pace integer,
  p_pace_since timestamptz, p_claim_until timestamptz
) RETURNS SETOF mail_queue LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_sent integer;
  v_sending integer;
  v_lately integer;
  v_room integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('mail-queue:' || p_channel));
  -- Three counts in one statement, each on its own index.
  SELECT (SELECT count(*)::int FROM mail_queue WHERE channel = p_channel AND sent_at > p_rate_since),
         (SELECT count(*)::int FROM mail_queue WHERE channel = p_channel AND state = 'queued' AND locked_until > p_now),
         (SELECT count(*)::int FROM mail_queue WHERE channel = p_channel AND sent_at > p_pace_since)
    INTO v_sent, v_sending, v_lately;
  v_room := least(p_most, p_per_minute - v_sent - v_sending, p_pace - v_lately - v_sending);
  IF v_room <= 0 THEN
    RETURN;
  END IF;
  -- The turns: a client's j-th due row comes at j + what it was sent in the last minute; across IPs at (the IP's turn +
  -- what it was sent) / (1 + the links its visitors used in the last minute) (queue.ts, inTurns' comment).
  RETURN QUERY
  UPDATE mail_queue SET locked_until = p_claim_until, attempts = mail_queue.attempts + 1
   WHERE mail_queue.id IN (
    WITH lately AS (
      SELECT q.requester_ip, q.requester FROM mail_queue q WHERE q.channel = p_channel AND q.sent_at > p_rate_since
      UNION ALL
      SELECT q.requester_ip, q.requester FROM mail_queue q
       WHERE q.channel = p_channel AND q.state = 'queued' AND q.locked_until > p_now),
    recent AS (
      SELECT coalesce(requester_ip, '') AS ip, coalesce(requester, '') AS who, count(*)::int AS n
        FROM lately GROUP BY 1, 2),
    ip_recent AS (SELECT recent.ip, sum(recent.n)::int AS n FROM recent GROUP BY recent.ip),
    used AS (
      SELECT l.client_ip AS ip, count(*)::int AS n FROM email_links l WHERE l.used_at > p_rate_since GROUP BY 1),
    due AS (
      SELECT q.id, q.next_attempt_at, coalesce(q.requester_ip, '') AS ip, coalesce(q.requester, '') AS who
        FROM mail_queue q
       WHERE q.channel = p_channel AND q.state = 'queued' AND q.next_attempt_at <= p_now
         AND q.expires_at > p_now AND (q.locked_until IS NULL OR q.locked_until <= p_now)),
    by_client AS (
      SELECT due.*, row_number() OVER (PARTITION BY due.ip, due.who ORDER BY due.next_attempt_at, due.id)
               + coalesce(recent.n, 0) AS round
        FROM due LEFT JOIN recent ON recent.ip = due.ip AND recent.who = due.who),
    by_ip AS (
      SELECT by_client.*, row_number() OVER (PARTITION BY by_client.ip ORDER BY round, next_attempt_at, id) AS turn
        FROM by_client),
    chosen AS (
      SELECT by_ip.id
        FROM by_ip
        LEFT JOIN ip_recent ON ip_recent.ip = by_ip.ip
        LEFT JOIN used ON used.ip = by_ip.ip AND by_ip.ip <> ''
       ORDER BY (by_ip.turn + coalesce(ip_recent.n, 0))::float8 / (1 + coalesce(used.n, 0)),
                by_ip.next_attempt_at, by_ip.id
       LIMIT v_room)
    SELECT q.id FROM mail_queue q JOIN chosen ON chosen.id = q.id FOR UPDATE OF q SKIP LOCKED)
  RETURNING mail_queue.*;
END;
$$;
