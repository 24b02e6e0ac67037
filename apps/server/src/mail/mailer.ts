// Sends e-mail over SMTP when SMTP_URL is set; otherwise keeps it in a dev outbox that tests and
// newcomers read back through GET /api/dev/outbox (never in production).
import type { Env } from '../config/env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sign-in link and code for the dev outbox; read from the text when not given (decision 025). */
  link?: string;
  code?: string;
  /** The Message-ID without angle brackets, when the sender keeps a record of the e-mail (winner notices). */
  messageId?: string;
  /** Where a reply goes, when not to MAIL_FROM (a winner replies to the campaign's operator). */
  replyTo?: string;
  /** The campaign's sender name (campaign.yaml mail.senderName): shown unless MAIL_FROM names its own. */
  fromName?: string;
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  link: string;
  code: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Resolves when the SMTP server answers and accepts the login; rejects with why not (/readyz). */
  ready(): Promise<void>;
  /** Present only for the dev outbox. */
  outbox?: (to: string) => OutboxEntry[];
  /** Closes the SMTP connections kept open (the pool); called after the mail worker stopped. */
  close?(): void;
}

/**
 * SMTP connections kept open per server process: the mail worker sends this many e-mails at once. An e-mail takes
 * about five round trips of SMTP (MAIL, RCPT, DATA, the body, RSET), so a connection carries at most 1 / (5 x the
 * round trip) a second: five connections kept sign-in e-mail behind 50 sign-ins a second on a busy machine
 * (decision 047), and a relay 30 ms away would hold them near 33 a second. SMTP_URL's ?maxConnections= sets it
 * for a provider that allows fewer.
 */
const SMTP_POOL_CONNECTIONS = 20;
/**
 * E-mails per connection before the pool replaces it. nodemailer's default, 100, replaced each connection every
 * half second at 200 e-mails a second, each time a new handshake and a 100 ms pause of the pool (issue 18); a
 * thousand keeps that rare and still renews connections now and then. A server that ends a connection sooner is
 * the case of any dropped connection: the e-mail fails back to the queue.
 */
const SMTP_MESSAGES_PER_CONNECTION = 1000;

const OUTBOX_LIMIT = 500;

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** `now` is the app's clock: it stamps the dev outbox. */
export async function createMailer(env: Env, log: Log, now: () => number): Promise<Mailer> {
  // Without MAIL_FROM: the campaign's sender name (QuackQuest before one is loaded) on a local address.
  const from = env.MAIL_FROM ?? 'no-reply@quackquest.local';
  if (env.SMTP_URL) {
    const { default: nodemailer } = await import('nodemailer');
    // Bounded waits: a silent server costs the queue's worker at most ~50 s per e-mail (mail/queue.ts CLAIM_MS).
    // SMTP_URL's own query parameters win (nodemailer reads them as transport options).
    const url = new URL(env.SMTP_URL);
    for (const [name, ms] of [
      ['connectionTimeout', 10_000],
      ['greetingTimeout', 10_000],
      ['socketTimeout', 30_000],
    ] as const) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
    }
    // A pool of open SMTP connections (decision 038): a new connection per e-mail cost about 110 ms of waiting and
    // the TCP and SMTP handshakes' CPU each time, and capped the worker near 36 e-mails a second.
    // An e-mail whose connection drops fails back to the queue, which retries it on its own schedule and never sends
    // a row twice (the pool would resend it at once, maxRequeues).
    for (const [name, value] of [
      ['pool', 'true'],
      ['maxConnections', String(SMTP_POOL_CONNECTIONS)],
      ['maxMessages', String(SMTP_MESSAGES_PER_CONNECTION)],
      ['maxRequeues', '0'],
    ] as const) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, value);
    }
    const transport = nodemailer.createTransport(url.toString());
    return {
      async ready() {
        await transport.verify();
      },
      close() {
        transport.close();
      },
      async send(mail) {
        await transport.sendMail({
          from: fromHeader(from, mail.fromName ?? 'QuackQuest'),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.messageId ? { messageId: `<${mail.messageId}>` } : {}),
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        });
      },
    };
  }
  // Production refuses to start without SMTP_URL (config/env.ts, decision 024): the dev outbox is never there.
  const sent: OutboxEntry[] = [];
  return {
    ready: () => Promise.resolve(),
    async send(mail) {
      sent.push({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        link: mail.link ?? mail.text.match(/https?:\/\/\S*[?&]token=\S+/)?.[0] ?? '',
        code: mail.code ?? mail.text.match(/code instead: (\d+)/)?.[1] ?? '',
        sentAt: new Date(now()).toISOString(),
      });
      if (sent.length > OUTBOX_LIMIT) sent.shift();
      log.info({ to: mail.to, subject: mail.subject, link: sent.at(-1)!.link }, 'e-mail kept in the dev outbox');
    },
    outbox: (to) => sent.filter((m) => m.to === to.trim().toLowerCase()),
  };
}

/**
 * The From header: MAIL_FROM's address under the campaign's sender name, unless MAIL_FROM already gives a name
 * ("Festival Team <team@example.com>"): the deployer's choice wins.
 */
function fromHeader(mailFrom: string, fromName: string | undefined): string {
  if (!fromName || /<[^>]+>\s*$/.test(mailFrom)) return mailFrom;
  return `"${fromName}" <${mailFrom.trim()}>`;
}
