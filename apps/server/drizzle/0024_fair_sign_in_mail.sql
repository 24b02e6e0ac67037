-- Fair sign-in mail (issue 29 part 1, decision 058): a link and its queued e-mail remember who asked (the IP and
-- the browser binding presented, `requester`), so the mail worker takes turns by client within an IP and by IP,
-- weighted by the links each IP's visitors used in the last minute; qq_request_link adds the browser's limit, the
-- IP's limits per minute and the refusal of an e-mail that would arrive too late.
ALTER TABLE "email_links" ADD COLUMN "requester" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "requester_ip" text;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "requester" text;--> statement-breakpoint
CREATE INDEX "email_links_requester_idx" ON "email_links" USING btree ("requester","created_at") WHERE requester is not null;--> statement-breakpoint
CREATE INDEX "email_links_used_idx" ON "email_links" USING btree ("used_at") WHERE used_at is not null;--> statement-breakpoint
DROP FUNCTION qq_request_link(text, text, timestamptz, integer, integer, integer, text, text, text, jsonb, timestamptz,
  timestamptz, text, text, text, text, text);--> statement-breakpoint
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
