-- qq_request_link: a sign-in link asked for, in one call (decision 046): the address's lock, the limits
-- (decision 015), the link and its sealed e-mail. Called by magic-link.ts; tested by magic-link.server.test.ts and
-- rate-limit.server.test.ts, operator-sign-in.server.test.ts. Live since migration 0020_operator_sign_in.sql
-- (p_requested_by: the browser an operator address's link is bound to, decision 056).
-- Change it as apps/server/README.md says: this file and a new migration with the same text.
CREATE FUNCTION qq_request_link(
  p_email text, p_client_ip text, p_since timestamptz,
  p_per_address_and_client integer, p_per_address integer, p_per_client integer,
  p_token_hash text, p_code_hash text, p_return_to text, p_signup jsonb, p_at timestamptz, p_expires timestamptz,
  p_channel text, p_subject text, p_text text, p_html text, p_requested_by text)
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
     insert into email_links (email, token_hash, code_hash, return_to, client_ip, signup, created_at, expires_at,
                              requested_by)
     values (p_email, p_token_hash, p_code_hash, p_return_to, p_client_ip, p_signup, p_at, p_expires, p_requested_by)
     returning id)
  insert into mail_queue (kind, channel, recipient, subject, text, html, sealed, created_at, expires_at, next_attempt_at)
  select 'sign_in', p_channel, p_email, p_subject, p_text, p_html, true, p_at, p_expires, p_at from link;
  return 'sent';
end;
$$;
