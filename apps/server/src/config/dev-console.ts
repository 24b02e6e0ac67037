// What a developer reads in a terminal (issue 30 part 5): the start names the address to open and where sign-in
// e-mails go, and the log lines are readable ("12:04:31 INFO  message  key=value"). Production, and any output that
// is not a terminal (a file, a log collector, the tests), keeps pino's JSON lines.
import type { Env } from './env';

/** Readable lines only in a terminal outside production. */
export function wantsReadableLogs(env: Pick<Env, 'NODE_ENV'>, stdout: { isTTY?: boolean }): boolean {
  return env.NODE_ENV !== 'production' && stdout.isTTY === true;
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that the line's head already says. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

/** One of pino's JSON lines as a developer reads it; a line that is not JSON is kept as it is. */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const head = [time, level, typeof entry.msg === 'string' ? entry.msg : ''];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) head.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) head.push(`${res.statusCode}`);
  if (typeof entry.responseTime === 'number') head.push(`${Math.round(entry.responseTime)} ms`);
  const fields = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const lines = [[...head.filter(Boolean), ...fields].join('  ')];
  if (err) lines.push(err.stack ?? err.message ?? JSON.stringify(err));
  return lines.join('\n');
}

/** A pino destination writing readable lines to `out`. */
export function readableStream(out: { write: (text: string) => unknown }): { write: (line: string) => void } {
  return { write: (line) => void out.write(`${readableLine(line)}\n`) };
}

/** The start's line: the address to open, and where sign-in e-mails go. */
export function startMessage(env: Pick<Env, 'PUBLIC_URL' | 'SMTP_URL'>): { message: string; fields: Record<string, string> } {
  const open = env.PUBLIC_URL.replace(/\/$/, '');
  if (env.SMTP_URL) {
    const smtp = new URL(env.SMTP_URL);
    return {
      message: `QuackQuest is running: open ${open} — sign-in e-mails are sent through SMTP at ${smtp.host}`,
      fields: { url: open },
    };
  }
  const outbox = `${open}/api/dev/outbox?to=ADDRESS`;
  return {
    message: `QuackQuest is running: open ${open} — sign-in e-mails are not sent: read them in the dev outbox, ${outbox}`,
    fields: { url: open, outbox },
  };
}
