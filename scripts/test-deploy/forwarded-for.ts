// `npm run test:deploy`: X-Forwarded-For is believed from the proxy only. Forged addresses through the proxy are
// counted against the client's real one, an instance reached directly ignores the header, and another client behind
// the proxy has its own count (decision 058).
import { randomBytes } from 'node:crypto';
import { check, step } from './checks';
import { send } from './http';
import type { Deployment } from './journey';
import { queryOne } from './pieces';
import { FROM, LINKS_PER_IP_A_MINUTE, PROXY } from './topology';

export async function forwardedForFromTheProxyOnly({ databaseUrl, app1, app2 }: Deployment): Promise<void> {
  const ipOf = async (email: string) =>
    (await queryOne<{ client_ip: string }>(databaseUrl, 'select client_ip from email_links where email = $1', [email]))[0]
      ?.client_ip;
  await step('X-Forwarded-For is believed from the proxy only', async () => {
    const ask = (url: string, from: string, forged?: string) => {
      const email = `xff-${randomBytes(4).toString('hex')}@example.com`;
      // Each from a browser of its own, as the sign-in forms bind it (decision 058).
      const cookie = `qq_browser=${randomBytes(24).toString('base64url')}`;
      return send(`${url}/api/auth/email-link`, {
        method: 'POST',
        from,
        body: { email },
        headers: { cookie, ...(forged ? { 'x-forwarded-for': forged } : {}) },
      }).then((answer) => ({ answer, email }));
    };
    // Through the proxy, each with a different forged address: all counted against the real one.
    for (let i = 1; i <= LINKS_PER_IP_A_MINUTE; i += 1) {
      const { answer, email } = await ask(PROXY, FROM.forger, `198.51.100.${i}`);
      check(answer.status === 202, `sign-in link ${i} accepted (${answer.status})`);
      check((await ipOf(email)) === FROM.forger, `recorded the client's address, not the forged one (${await ipOf(email)})`);
    }
    const limited = await ask(PROXY, FROM.forger, '198.51.100.99');
    check(limited.answer.status === 429, `a new forged address does not escape the per-client limit (${limited.answer.status})`);
    // Directly at an instance: the socket is not the proxy, so its X-Forwarded-For is ignored altogether.
    const direct = await ask(app2.url, FROM.forger, '198.51.100.100');
    check(direct.answer.status === 429, `nor does going around the proxy (${direct.answer.status})`);
    const fresh = await ask(app1.url, '127.0.0.7', FROM.loop);
    check(fresh.answer.status === 202 && (await ipOf(fresh.email)) === '127.0.0.7', 'a direct request is recorded as its socket');
    // And the proxy's own address is not everyone's: another client behind the proxy has its own count.
    const neighbour = await ask(PROXY, '127.0.0.8');
    check(neighbour.answer.status === 202 && (await ipOf(neighbour.email)) === '127.0.0.8', 'another client is counted apart');
  });
}
