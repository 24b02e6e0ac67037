// A real SMTP server on 127.0.0.1 for tests: it accepts every message and parses it with mailparser,
// so a test follows the e-mail a visitor would receive.
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** The first message to this address, waiting for it to arrive if needed. */
  waitFor(to: string, options?: { timeoutMs?: number; after?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * On a free port unless `port` names one (the deploy script keeps to its own ports). `onMessage` sees each message
 * first, unparsed; when it returns true the message is its own and is neither parsed nor kept (bench/evening.ts
 * receives thousands a minute).
 */
export async function startSmtp(
  options: { port?: number; onMessage?: (to: string[], raw: Buffer) => boolean } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The server's pooled sender keeps its connections open (decision 038): close() ends them after this wait.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        if (options.onMessage?.(to, raw)) return callback();
        simpleParser(raw)
          .then((parsed) => {
            received.push({ to, raw, parsed });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A sender that drops its connection (a server process stopped with its pool open) ends that session only: without
  // a listener the error would end this process (bench/evening.ts's visitors, between two steps).
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, after: number) => received.slice(after).find((m) => m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(to, { timeoutMs = 15_000, after = 0 } = {}) {
      const found = find(to, after);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find(to, after);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SmtpGate {
  /** smtp:// URL of the gate, with short transport timeouts. */
  url: string;
  /** Connections held open without a word (mode 'silent'). */
  held: number;
  /** 'silent': accept and never answer; 'refuse': close at once; 'open': pass through to the real server. */
  set(mode: 'silent' | 'refuse' | 'open'): void;
  close(): Promise<void>;
}

/**
 * A TCP gate in front of a test SMTP server, to play an SMTP server that is down or hangs. Changing the mode
 * drops the connections it holds, so a sender waiting on a silent server fails at once.
 */
export async function startSmtpGate(target: TestSmtp): Promise<SmtpGate> {
  const targetPort = Number(new URL(target.url).port);
  let mode: 'silent' | 'refuse' | 'open' = 'silent';
  const holding = new Set<Socket>();
  const server = createServer((socket) => {
    socket.on('error', () => {});
    if (mode === 'refuse') return socket.destroy();
    if (mode === 'silent') {
      holding.add(socket);
      socket.on('close', () => holding.delete(socket));
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get held() {
      return holding.size;
    },
    set(next) {
      mode = next;
      for (const socket of holding) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of holding) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
