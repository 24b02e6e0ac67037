// Every failed query of this process is seen (issue 31): each connection's query(), and each pool's connect(), tell
// the observers (http/metrics.ts counts them in qq_db_errors_total) what kind of failure it was. The kinds are few,
// so the series stay bounded, and they say what an operator would do about it.
import type { Pool } from 'pg';

export type DatabaseErrorKind = 'connection' | 'timeout' | 'conflict' | 'resources' | 'internal' | 'statement' | 'refused';

/**
 * By PostgreSQL's SQLSTATE: `refused` is the database saying no as the game expects (a constraint, the game's own
 * `raise`: QQ409, P0001), so an alert can leave it out; `statement` is a statement PostgreSQL cannot run (a bug, or
 * a schema the build does not know). An error without a SQLSTATE is the connection's (refused, reset, timed out).
 */
export function kindOfDatabaseError(error: unknown): DatabaseErrorKind {
  const code = (error as { code?: unknown } | null)?.code;
  if (isPoolTimeout(error)) return 'timeout';
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return 'connection';
  if (code === '57014' || code === '55P03' || code === '25P03' || code === '25P04') return 'timeout';
  if (code.startsWith('08') || code.startsWith('57P')) return 'connection';
  if (code === '40P01' || code === '40001') return 'conflict';
  if (code.startsWith('53')) return 'resources';
  if (code.startsWith('XX') || code.startsWith('58')) return 'internal';
  if (code.startsWith('23') || code.startsWith('QQ') || code === 'P0001') return 'refused';
  return 'statement';
}

/**
 * No free connection within DATABASE_POOL_TIMEOUT_MS (decision 067). pg's pool gives this failure no code: its
 * sentence is the only sign (pg-pool's "timeout exceeded when trying to connect").
 */
function isPoolTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('timeout exceeded when trying to connect');
}

/**
 * The database did not answer in time (decision 067): a statement or a lock wait over its timeout, or no free
 * connection. Looked for under the wrapping of the query builder (its `cause`). A request that meets it is refused
 * "busy" (503) rather than failing as a bug.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let level = error, depth = 0; level && depth < 4; level = (level as { cause?: unknown }).cause, depth += 1) {
    const code = (level as { code?: unknown }).code;
    if (isPoolTimeout(level) || code === '57014' || code === '55P03') return true;
  }
  return false;
}

export type DatabaseErrorObserver = (kind: DatabaseErrorKind) => void;

type Callable = (...args: unknown[]) => unknown;

/** Wraps `target[method]` so that a failure (a rejected promise or an error given to a callback) is reported. */
function watch(target: object, method: 'query' | 'connect', report: (error: unknown) => void): void {
  const holder = target as Record<string, Callable>;
  const original: Callable = holder[method]!.bind(target);
  holder[method] = (...args: unknown[]) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) report(error);
        return (last as Callable)(error, ...rest);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result instanceof Promise) result.catch(report);
    return result;
  };
}

/** Reports every failed query of the pool's connections, a failed connect, and a connection lost while idle. */
export function watchPoolErrors(pool: Pool, observers: Set<DatabaseErrorObserver>): void {
  const report = (error: unknown) => {
    const kind = kindOfDatabaseError(error);
    for (const observe of observers) observe(kind);
  };
  watch(pool, 'connect', report);
  pool.on('connect', (client) => watch(client, 'query', report));
  pool.on('error', report);
}
