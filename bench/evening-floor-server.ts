// The server floor of the evening (bench/evening.ts starts it, issue 33): a trivial Fastify server, in its own process
// as the real server runs, answering one constant small JSON on the routes and methods the evening's visitors call,
// with the status codes they expect. No database, no cookies, no compression, no logging: what any server receiving
// the same requests over the same connections must spend at least. The visitors' process drives it with the same
// pattern as the real server (bench/evening-visitors.ts, `floor` steps), so its CPU per request, read from /proc by
// bench/evening.ts, is the floor of the real server's.
import Fastify from 'fastify';

/**
 * One answer for every route: the fields the visitors read (the link's token, the spin earned, enough ducks for the
 * bench reward, the reward listed), so each floor visitor walks the whole sequence, a claim included.
 */
function constantAnswer(reward: { item: string; price: number }) {
  return { ok: true, idToken: 'floor', spinEarned: true, duckPoints: reward.price, items: [reward] };
}

/** The visitors' calls (bench/evening-visitors.ts) and the status each expects. */
const ROUTES = [
  ['POST', '/api/auth/email-link', 202],
  ['POST', '/api/auth/email-link/verify', 200],
  ['POST', '/api/auth', 201],
  ['GET', '/api/checkpoints', 200],
  ['POST', '/api/checkpoints/:id/attempts', 200],
  ['POST', '/api/spin', 200],
  ['GET', '/api/leaderboard', 200],
  ['GET', '/api/me', 200],
  ['GET', '/api/inventory', 200],
  ['POST', '/api/claims', 201],
] as const;

async function main() {
  if (!process.send) throw new Error('bench/evening-floor-server.ts is started by bench/evening.ts (IPC)');
  const reward = JSON.parse(process.argv[2] ?? '') as { item: string; price: number };
  const answer = constantAnswer(reward);
  const app = Fastify({ logger: false });
  for (const [method, url, status] of ROUTES)
    app.route({ method, url, handler: (_request, reply) => reply.code(status).send(answer) });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send({ type: 'ready', url: address });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
