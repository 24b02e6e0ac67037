// A storm of spins and claims against one server process that is killed (SIGKILL) while requests are
// in flight, then the checks a client can make against the restarted server.
import { messages } from '@quackquest/contract';
import type { AcknowledgedClaim, AcknowledgedSpin, Visitor } from './seed';
import { type Client, type ServerProcess, newKey, runPool, shuffle } from './harness';

export interface CrashStormOptions {
  server: ServerProcess;
  client: Client;
  visitors: Visitor[];
  spinsPerVisitor: number;
  claimsPerVisitor: number;
  item: string;
  concurrency: number;
  /** SIGKILL once this many requests were acknowledged (200 spin, 201 claim). */
  killAfter: number;
}

export interface CrashStormResult {
  acks: { claims: AcknowledgedClaim[]; spins: AcknowledgedSpin[] };
  /** Claims sent but never answered: the client does not know whether they happened. */
  unanswered: { visitor: Visitor; key: string }[];
  /** Other answers, by status, before the kill (409 sold out is the only expected one). */
  otherStatuses: Record<string, number>;
  unexpected: string[];
  sent: number;
  inFlightAtKill: number;
  loadMs: number;
  killedAtMs: number;
}

export async function crashStorm(options: CrashStormOptions): Promise<CrashStormResult> {
  const { server, client } = options;
  type Op = { visitor: Visitor; kind: 'spin' } | { visitor: Visitor; kind: 'claim'; key: string };
  const ops: Op[] = shuffle(
    options.visitors.flatMap((visitor): Op[] => [
      ...Array.from({ length: options.spinsPerVisitor }, (): Op => ({ visitor, kind: 'spin' })),
      ...Array.from({ length: options.claimsPerVisitor }, (): Op => ({ visitor, kind: 'claim', key: newKey() })),
    ]),
  );
  const result: CrashStormResult = {
    acks: { claims: [], spins: [] },
    unanswered: [],
    otherStatuses: {},
    unexpected: [],
    sent: 0,
    inFlightAtKill: 0,
    loadMs: 0,
    killedAtMs: 0,
  };
  let inFlight = 0;
  let killing: Promise<void> | undefined;
  const started = Date.now();
  const acknowledged = () => {
    if (killing || result.acks.claims.length + result.acks.spins.length < options.killAfter) return;
    // Still counting this one: it has been answered, the others are on the wire or in the server.
    result.inFlightAtKill = inFlight - 1;
    result.killedAtMs = Date.now() - started;
    killing = server.kill();
  };

  await runPool(
    ops.length,
    options.concurrency,
    async (index) => {
      const op = ops[index]!;
      inFlight++;
      result.sent++;
      try {
        if (op.kind === 'spin') {
          const r = await client.request(server.baseUrl, 'POST', '/api/spin', {
            cookie: op.visitor.cookie,
            body: { type: 'Scan' },
          });
          if (r.status === 200) {
            // Answered in full before or after the kill: the server committed before it wrote it.
            result.acks.spins.push({
              userId: op.visitor.id,
              ducks: r.body.duckPointsAwarded as number,
              pending: r.body.pending as boolean,
            });
            acknowledged();
          } else {
            result.otherStatuses[`spin ${r.status}`] = (result.otherStatuses[`spin ${r.status}`] ?? 0) + 1;
            result.unexpected.push(`spin ${r.status} ${JSON.stringify(r.body)}`);
          }
        } else {
          const r = await client.request(server.baseUrl, 'POST', '/api/claims', {
            cookie: op.visitor.cookie,
            body: { item: options.item },
            headers: { 'idempotency-key': op.key },
          });
          if (r.status === 201) {
            result.acks.claims.push({ userId: op.visitor.id, key: op.key, voucherCode: r.body.voucherCode as string });
            acknowledged();
          } else {
            result.otherStatuses[`claim ${r.status}`] = (result.otherStatuses[`claim ${r.status}`] ?? 0) + 1;
            if (!(r.status === 409 && r.body.message === messages.rewardSoldOut)) {
              result.unexpected.push(`claim ${r.status} ${JSON.stringify(r.body)}`);
            }
          }
        }
      } catch (error) {
        // A connection reset is expected once the server is gone, and only then.
        if (!killing) result.unexpected.push(`${op.kind}: ${String(error)} before the kill`);
        if (op.kind === 'claim') result.unanswered.push({ visitor: op.visitor, key: op.key });
      } finally {
        inFlight--;
      }
    },
    () => killing !== undefined,
  );
  result.loadMs = Date.now() - started;
  if (!killing)
    throw new Error(`the storm ended before ${options.killAfter} acknowledgements: ${JSON.stringify(result.otherStatuses)}`);
  await killing;
  return result;
}

export interface RetryResult {
  /** Acknowledged keys sent again: the first claim comes back (200, same voucher), nothing is charged. */
  replayProblems: string[];
  /** Unanswered keys sent again: 200 = it had committed before the crash, 201 = it had not. */
  committedBeforeCrash: number;
  createdOnRetry: number;
  soldOutOnRetry: number;
  retryProblems: string[];
}

export async function retryAfterRestart(
  client: Client,
  server: ServerProcess,
  item: string,
  storm: CrashStormResult,
  visitors: Map<number, Visitor>,
): Promise<RetryResult> {
  const result: RetryResult = {
    replayProblems: [],
    committedBeforeCrash: 0,
    createdOnRetry: 0,
    soldOutOnRetry: 0,
    retryProblems: [],
  };
  const claim = (visitor: Visitor, key: string) =>
    client.request(server.baseUrl, 'POST', '/api/claims', {
      cookie: visitor.cookie,
      body: { item },
      headers: { 'idempotency-key': key },
    });
  await runPool(storm.acks.claims.length, 20, async (i) => {
    const ack = storm.acks.claims[i]!;
    const r = await claim(visitors.get(ack.userId)!, ack.key);
    if (r.status !== 200 || r.body.voucherCode !== ack.voucherCode) {
      result.replayProblems.push(`${ack.voucherCode}: ${r.status} ${JSON.stringify(r.body)}`);
    }
  });
  await runPool(storm.unanswered.length, 20, async (i) => {
    const { visitor, key } = storm.unanswered[i]!;
    const r = await claim(visitor, key);
    if (r.status === 200) result.committedBeforeCrash++;
    else if (r.status === 201) result.createdOnRetry++;
    else if (r.status === 409 && r.body.message === messages.rewardSoldOut) result.soldOutOnRetry++;
    else result.retryProblems.push(`${key}: ${r.status} ${JSON.stringify(r.body)}`);
  });
  return result;
}
