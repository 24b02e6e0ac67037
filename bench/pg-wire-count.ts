// Statements and round trips a process sends PostgreSQL, counted on the wire (issue 33): a TCP proxy on loopback that
// passes every byte through and reads only the messages the client sends (PostgreSQL's protocol 3.0, unencrypted).
// Why on the wire: pg_stat_statements needs a restart of the shared server (shared_preload_libraries);
// pg_stat_database counts transactions and rows, not statements; log_statement costs PostgreSQL the CPU being
// measured and shares the server's log with other databases; the server has no count of its own. The wire sees
// every statement of the process (requests' pool, mail worker's connections) and nobody else's.
import net from 'node:net';

export interface WireCounts {
  /** Simple-protocol queries ('Q', a query string counted as one statement) and extended-protocol executions ('E'). */
  statements: number;
  /** Each 'Q' and each 'Sync' ('S') waits for PostgreSQL's ReadyForQuery: one round trip. */
  roundTrips: number;
}

/** The untyped first messages: SSLRequest and GSSENCRequest are followed by another untyped one, the StartupMessage. */
const NEGOTIATION_CODES = new Set([80877103, 80877104]);

/** Reads one connection's client-to-server stream, chunk by chunk, counting the messages that matter. */
class FrontendReader {
  private startup = true;
  private readonly header = Buffer.alloc(8);
  private have = 0;
  private skip = 0;

  constructor(private readonly counts: WireCounts) {}

  read(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      // A header: length and code (untyped startup messages), or type and length (every later message).
      const size = this.startup ? 8 : 5;
      const n = Math.min(size - this.have, chunk.length - at);
      chunk.copy(this.header, this.have, at, at + n);
      this.have += n;
      at += n;
      if (this.have < size) return;
      this.have = 0;
      if (this.startup) {
        this.skip = this.header.readInt32BE(0) - 8;
        this.startup = NEGOTIATION_CODES.has(this.header.readInt32BE(4));
      } else {
        this.count(String.fromCharCode(this.header[0]!));
        this.skip = this.header.readInt32BE(1) - 4;
      }
    }
  }

  private count(type: string): void {
    if (type === 'Q') {
      this.counts.statements++;
      this.counts.roundTrips++;
    } else if (type === 'E') this.counts.statements++;
    else if (type === 'S') this.counts.roundTrips++;
  }
}

/** A counting proxy to `target` (a postgres:// URL); `url` is the same database reached through it. */
export async function startWireCounter(target: string): Promise<{ url: string; counts: WireCounts; stop: () => Promise<void> }> {
  const to = new URL(target);
  const counts: WireCounts = { statements: 0, roundTrips: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to.port || 5432), to.hostname);
    const reader = new FrontendReader(counts);
    client.on('data', (chunk: Buffer) => reader.read(chunk));
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    counts,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
