// The evening's visitors (bench/evening.ts starts it): a real SMTP server on loopback and new visitors arriving at a
// given rate, each from its own loopback address (127.x.y.z, bound as the socket's local address), so the server's
// per-IP limits see them as it sees phones. Each visitor walks the whole sequence: asks for a sign-up link, reads it
// from the SMTP server, verifies it, signs up, lists the checkpoints, scans a valid code, spins, reads the
// leaderboard, /api/me and the rewards, and claims the bench reward when the ducks afford it. In a floor step the
// same visitors call the trivial server of bench/evening-floor-server.ts, which sends no e-mail: they wait for none.
// It runs in its own process (its own event loop and core) and talks with bench/evening.ts over IPC.
import http from 'node:http';
import zlib from 'node:zlib';
import { startSmtp } from '../apps/server/test/smtp';
import { CALLS, type CallName, type CallStats, type StepRequest, type StepResult } from './evening-calls';

/** What Chromium sends (Node 20 cannot read zstd, and the server answers brotli: decision 034). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

// ----- The SMTP server: each e-mail is handed to the visitor waiting for its recipient.
const waiting = new Map<string, (text: string) => void>();
const early = new Map<string, string>();
let received = 0;

/** The test SMTP server (apps/server/test/smtp.ts), each message handed unparsed to the visitor waiting for it. */
async function startSink(): Promise<string> {
  const smtp = await startSmtp({
    onMessage(to, raw) {
      received++;
      const text = raw.toString('latin1');
      for (const address of to) {
        const wake = waiting.get(address);
        if (wake) {
          waiting.delete(address);
          wake(text);
        } else early.set(address, text);
      }
      return true;
    },
  });
  return smtp.url;
}

function mailTo(address: string, timeoutMs: number): Promise<string> {
  const found = early.get(address);
  if (found !== undefined) {
    early.delete(address);
    return Promise.resolve(found);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(address);
      reject(new Error(`no e-mail within ${timeoutMs} ms`));
    }, timeoutMs);
    waiting.set(address, (raw) => {
      clearTimeout(timer);
      resolve(raw);
    });
  });
}

/** The link's token from the raw message: quoted-printable soft breaks and "=3D" undone, or a base64 part decoded. */
function tokenIn(raw: string): string | undefined {
  const qp = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const direct = /[?&]token=([\w-]{20,})/.exec(qp)?.[1];
  if (direct) return direct;
  for (const part of raw.split(/\r?\n\r?\n/)) {
    const decoded = Buffer.from(part.replace(/\s+/g, ''), 'base64').toString('latin1');
    const token = /[?&]token=([\w-]{20,})/.exec(decoded)?.[1];
    if (token) return token;
  }
  return undefined;
}

// ----- HTTP: one keep-alive connection per visitor, from the visitor's own loopback address.
interface Answer {
  status: number;
  body: string;
}

class Visitor {
  private readonly agent: http.Agent;
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: URL,
    readonly localAddress: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  }

  call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          agent: this.agent,
          localAddress: this.localAddress,
          headers: {
            ...BROWSER_HEADERS,
            ...(payload !== undefined
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
            ...(cookie ? { cookie } : {}),
            ...headers,
          },
          timeout: 30_000,
        },
        (response) => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const at = pair!.indexOf('=');
            const value = pair!.slice(at + 1);
            if (value) this.cookies.set(pair!.slice(0, at), value);
            else this.cookies.delete(pair!.slice(0, at));
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            let buffer: Buffer = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            if (encoding === 'br') buffer = zlib.brotliDecompressSync(buffer);
            else if (encoding === 'gzip') buffer = zlib.gunzipSync(buffer);
            else if (encoding === 'deflate') buffer = zlib.inflateSync(buffer);
            resolve({ status: response.statusCode ?? 0, body: buffer.toString('utf8') });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('no answer within 30 s')));
      request.on('error', reject);
      request.end(payload);
    });
  }

  close() {
    this.agent.destroy();
  }
}

/** Visitor n's loopback address: 127.0.0.1 is left to everything else; the last byte avoids 0 and 255. */
function addressOf(n: number): string {
  const host = 1 + (n % 253);
  const rest = Math.floor(n / 253);
  return `127.${1 + (Math.floor(rest / 256) % 254)}.${rest % 256}.${host + 1}`;
}

type Timings = Map<CallName, number[]>;

/** The link's token from the visitor's e-mail, its arrival timed from the request (`asked`). */
async function linkIn(mail: Promise<string>, asked: number, timings: Timings): Promise<string> {
  const raw = await mail;
  timings.get('e-mail arrives')!.push(performance.now() - asked);
  const token = tokenIn(raw);
  if (!token) throw new Error('e-mail arrives: no link in the e-mail');
  return token;
}

async function visit(n: number, step: StepRequest, timings: Timings): Promise<{ claimed: boolean }> {
  const visitor = new Visitor(new URL(step.url), addressOf(n));
  const email = `visitor${n}@evening.example`;
  const timed = async (name: CallName, run: () => Promise<Answer>, expect: number): Promise<Answer> => {
    const started = performance.now();
    const answer = await run();
    timings.get(name)!.push(performance.now() - started);
    if (answer.status !== expect) throw new Error(`${name}: ${answer.status} ${answer.body.slice(0, 160)}`);
    return answer;
  };
  try {
    const asked = performance.now();
    const mail = step.floor ? undefined : mailTo(email, 60_000);
    mail?.catch(() => {});
    await timed(
      'POST /api/auth/email-link',
      () =>
        visitor.call('POST', '/api/auth/email-link', {
          email,
          returnTo: '/signup',
          signup: { fullName: `Evening Visitor ${n}`, phone: '', instagram: '' },
        }),
      202,
    );
    const token = mail ? await linkIn(mail, asked, timings) : 'floor';
    const verified = await timed(
      'POST /api/auth/email-link/verify',
      () => visitor.call('POST', '/api/auth/email-link/verify', { token }),
      200,
    );
    const { idToken } = JSON.parse(verified.body) as { idToken: string };
    await timed(
      'POST /api/auth (sign-up)',
      () =>
        visitor.call('POST', '/api/auth', {
          action: 'signup',
          idToken,
          email,
          userName: `Evening Visitor ${n}`,
          InstagramHandle: '',
          PhoneNumber: '',
          CabinOwnership: 'no',
        }),
      201,
    );
    await timed('GET /api/checkpoints', () => visitor.call('GET', '/api/checkpoints'), 200);
    const attempt = await timed(
      'POST /api/checkpoints/:id/attempts',
      () => visitor.call('POST', `/api/checkpoints/${step.checkpoint.slug}/attempts`, { answer: step.checkpoint.qr }),
      200,
    );
    if (!(JSON.parse(attempt.body) as { spinEarned: boolean }).spinEarned) throw new Error('the scan earned no spin');
    await timed('POST /api/spin', () => visitor.call('POST', '/api/spin', { type: 'Scan' }), 200);
    await timed('GET /api/leaderboard', () => visitor.call('GET', '/api/leaderboard'), 200);
    const me = await timed('GET /api/me', () => visitor.call('GET', '/api/me'), 200);
    const inventory = await timed('GET /api/inventory', () => visitor.call('GET', '/api/inventory'), 200);
    const ducks = (JSON.parse(me.body) as { duckPoints: number }).duckPoints;
    const reward = (JSON.parse(inventory.body) as { items: { item: string; price: number }[] }).items.find(
      (item) => item.item === step.reward.item,
    );
    if (!reward) throw new Error('the bench reward is not listed');
    if (ducks < reward.price) return { claimed: false };
    await timed(
      'POST /api/claims',
      () => visitor.call('POST', '/api/claims', { item: reward.item }, { 'idempotency-key': `evening-${n}` }),
      201,
    );
    return { claimed: true };
  } finally {
    visitor.close();
  }
}

/** Exponential gaps from a seeded generator: Poisson arrivals, the same in every run. */
function arrivals(rate: number, seconds: number, seed: number): number[] {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 0.5) / 4294967296;
  };
  const times: number[] = [];
  for (let t = -Math.log(random()) / rate; t < seconds; t += -Math.log(random()) / rate) times.push(t * 1000);
  return times;
}

function stats(values: number[]): CallStats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}

async function runStep(step: StepRequest): Promise<StepResult> {
  const timings: Timings = new Map(CALLS.map((name) => [name, []]));
  const cpuBefore = process.cpuUsage();
  const failures = new Map<string, number>();
  let completed = 0;
  let failed = 0;
  let claims = 0;
  let maxStartLagMs = 0;
  const schedule = step.sequential ? [] : arrivals(step.rate, step.seconds, step.firstVisitor + 1);
  const planned = step.sequential ?? schedule.length;
  const started = performance.now();
  const running = new Set<Promise<void>>();
  const launch = (i: number) => {
    const done = visit(step.firstVisitor + i, step, timings).then(
      (result) => {
        completed++;
        if (result.claimed) claims++;
      },
      (error: unknown) => {
        failed++;
        const message = error instanceof Error ? error.message : String(error);
        failures.set(message, (failures.get(message) ?? 0) + 1);
      },
    );
    const tracked = done.finally(() => running.delete(tracked));
    running.add(tracked);
    return tracked;
  };

  if (step.sequential) {
    for (let i = 0; i < step.sequential; i++) await launch(i);
  } else {
    for (const [i, at] of schedule.entries()) {
      const wait = at - (performance.now() - started);
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      maxStartLagMs = Math.max(maxStartLagMs, performance.now() - started - at);
      void launch(i);
    }
  }
  const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), step.graceSeconds * 1000).unref());
  await Promise.race([Promise.all(running), deadline]);
  const unfinished = running.size;
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const calls: StepResult['calls'] = {};
  for (const [name, values] of timings) if (values.length) calls[name] = stats(values);
  return {
    type: 'result',
    planned,
    completed,
    failed,
    unfinished,
    failures: [...failures].slice(0, 5).map(([message, count]) => `${count}x ${message}`),
    claims,
    calls,
    wallSeconds,
    maxStartLagMs: Math.round(maxStartLagMs),
    generatorCpuMs: (cpu.user + cpu.system) / 1000,
  };
}

async function main() {
  if (!process.send) throw new Error('bench/evening-visitors.ts is started by bench/evening.ts (IPC)');
  const smtpUrl = await startSink();
  process.send({ type: 'ready', smtpUrl });
  process.on('message', (message: StepRequest | { type: 'stop' }) => {
    if (message.type === 'stop') {
      process.exit(0);
    }
    runStep(message).then(
      (result) => process.send!({ ...result, mailsReceived: received }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

void main();
