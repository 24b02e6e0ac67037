-- qq_request_link: a sign-in link asked for, in one call (decision 046): the address's lock, the limits
-- (decisions 015 and 058), the link and its sealed e-mail. Called by magic-link.ts; tested by magic-link.server.test.ts,
-- rate-limit.server.test.ts, fair-mail.server.test.ts and operator-sign-in.server.test.ts. Live since migration
-- 0024_fair_sign_in_mail.sql (p_requester: the browser binding the request presented, the client it counts as;
-- p_requested_by: the browser an operator address's link is bound to, decision 056).
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE FUNCTION qq_request_link(
  p_email text, p_client_ip text, p_requester text, p_since timestamptz, p_minute_since timestamptz,
  p_per_address_and_client integer, p_per_address integer, p_per_client integer,
  p_per_browser integer, p_per_client_minute integer, p_unbound_per_minute integer,
  p_mail_per_minute integer, p_longest_wait_seconds integer,
  p_token_hash text, p_code_hash text, p_return_to text, p_signup jsonb, p_at timestamptz, p_expires timestamptz,
  p_channel text, p_subject text, p_text text, p_html text, p_requested_by text)
returns text
language plpgsql volatile as $$
declare
  v_by_address integer;
  v_by_address_and_client integer;
  v_count integer;
  v_unbound integer;
  v_ahead integer;
begin
  perform pg_advisory_xact_lock(hashtext('email-link:' || p_email));
  select count(*)::int, (count(*) filter (where email_links.client_ip = p_client_ip))::int
    into v_by_address, v_by_address_and_client
    from email_links where email_links.email = p_email and email_links.created_at > p_since;
  if v_by_address_and_client >= p_per_address_and_client or v_by_address >= p_per_address then
    return 'address';
  end if;
  -- One browser: a few links per 15 minutes, whatever the addresses.
  if p_requester is not null then
    select count(*)::int into v_count
      from email_links where email_links.requester = p_requester and email_links.created_at > p_since;
    if v_count >= p_per_browser then
      return 'browser';
    end if;
  end if;
  -- The IP in the last minute: all its requests, and those without a binding together (one client).
  select count(*)::int, (count(*) filter (where email_links.requester is null))::int into v_count, v_unbound
    from email_links where email_links.client_ip = p_client_ip and email_links.created_at > p_minute_since;
  if p_requester is null and v_unbound >= p_unbound_per_minute then
    return 'unbound';
  end if;
  if v_count >= p_per_client_minute then
    return 'client_minute';
  end if;
  select count(*)::int into v_count
    from email_links where email_links.client_ip = p_client_ip and email_links.created_at > p_since;
  if v_count >= p_per_client then
    return 'client';
  end if;
  -- The e-mails the queue sends before this one, taking turns by client: each client's queued ones up to one more
  -- than this client's own. At p_mail_per_minute, a wait over p_longest_wait_seconds is refused now.
  with queued as (
    select coalesce(mail_queue.requester_ip, '') as ip, coalesce(mail_queue.requester, '') as who, count(*)::int as n
      from mail_queue
     where mail_queue.channel = p_channel and mail_queue.state = 'queued' and mail_queue.expires_at > p_at
     group by 1, 2),
  mine as (select coalesce(max(n) filter (where ip = p_client_ip and who = coalesce(p_requester, '')), 0) as n from queued)
  select coalesce(sum(least(queued.n, mine.n + 1)), 0)::int into v_ahead from queued, mine;
  if (v_ahead + 1) * 60 > p_longest_wait_seconds * p_mail_per_minute then
    return 'late';
  end if;
  with link as (
     insert into email_links (email, token_hash, code_hash, return_to, client_ip, signup, created_at, expires_at,
                              requested_by, requester)
     values (p_email, p_token_hash, p_code_hash, p_return_to, p_client_ip, p_signup, p_at, p_expires, p_requested_by,
             p_requester)
     returning id)
  insert into mail_queue (kind, channel, recipient, subject, text, html, sealed, created_at, expires_at, next_attempt_at,
                          requester_ip, requester)
  select 'sign_in', p_channel, p_email, p_subject, p_text, p_html, true, p_at, p_expires, p_at, p_client_ip, p_requester
    from link;
  return 'sent';
end;
$$;
