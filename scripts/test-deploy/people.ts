// The people of `npm run test:deploy`: signing in with the e-mailed link (read from the SMTP server), and the loop of
// a phone's requests that runs through the proxy while the journey goes on.
import type { TestSmtp } from '../../apps/server/test/smtp';
import { check } from './checks';
import { Person } from './http';
import { FROM, PROXY } from './topology';

function tokenIn(mail: { parsed: { text?: string } }): string {
  const token = /[?&]token=([\w-]+)/.exec(mail.parsed.text ?? '')?.[1];
  if (!token) throw new Error('no sign-in link in the e-mail');
  return token;
}

/** The e-mailed link: asked for at `baseUrl`, read from the SMTP server, verified. Returns the idToken. */
export async function idTokenByEmail(smtp: TestSmtp, person: Person, baseUrl: string): Promise<string> {
  const before = smtp.received.length;
  const asked = await person.call(baseUrl, 'POST', '/api/auth/email-link', { email: person.email });
  check(asked.status === 202, `e-mail link asked for ${person.email}: 202 (got ${asked.status} ${asked.body.toString()})`);
  const mail = await smtp.waitFor(person.email, { after: before, timeoutMs: 30_000 });
  check(mail.parsed.text?.includes(PROXY), 'the e-mailed link points at the public address (the proxy)');
  const verified = await person.call(baseUrl, 'POST', '/api/auth/email-link/verify', { token: tokenIn(mail) });
  check(verified.status === 200, `link verified (got ${verified.status} ${verified.body.toString()})`);
  return verified.json<{ idToken: string }>().idToken;
}

export async function consoleSignIn(smtp: TestSmtp, person: Person, baseUrl: string, role: string): Promise<void> {
  const idToken = await idTokenByEmail(smtp, person, baseUrl);
  const signedIn = await person.call(baseUrl, 'POST', '/api/auth/console', { idToken });
  check(signedIn.status === 200 && signedIn.json().role === role, `console sign-in as ${role} (got ${signedIn.status})`);
}

export interface LoopStats {
  requests: number;
  failures: string[];
  byUpstream: Map<string, number>;
  /** Answers per instance after the restarted one was back. */
  afterRestart: Map<string, number>;
  restarted: boolean;
}

/** A few clients asking what a phone asks, without pause, until stopped; any 5xx or lost request is a failure. */
export function startLoop(visitor: Person): { stats: LoopStats; stop: () => Promise<void> } {
  const stats: LoopStats = { requests: 0, failures: [], byUpstream: new Map(), afterRestart: new Map(), restarted: false };
  const requests: [string, string, unknown?][] = [
    ['GET', '/api/campaign'],
    ['GET', '/api/me'],
    ['GET', '/api/checkpoints'],
    ['POST', '/api/notices/seen', { attemptIds: [2_000_000_000] }],
    ['GET', '/'],
  ];
  const loopVisitor = new Person(visitor.email, FROM.loop);
  for (const [name, value] of visitor.cookies) loopVisitor.cookies.set(name, value);
  let running = true;
  const worker = async (offset: number) => {
    for (let i = offset; running; i += 1) {
      const [method, pathname, body] = requests[i % requests.length]!;
      stats.requests += 1;
      try {
        const answer = await loopVisitor.call(PROXY, method, pathname, body);
        const upstream = answer.upstream ?? '?';
        stats.byUpstream.set(upstream, (stats.byUpstream.get(upstream) ?? 0) + 1);
        if (stats.restarted) stats.afterRestart.set(upstream, (stats.afterRestart.get(upstream) ?? 0) + 1);
        if (answer.status !== 200) stats.failures.push(`${method} ${pathname}: ${answer.status} via ${upstream}`);
      } catch (error) {
        stats.failures.push(`${method} ${pathname}: ${(error as Error).message}`);
      }
    }
  };
  const workers = [0, 1, 2, 3].map((offset) => worker(offset));
  return {
    stats,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}
