// A TCP proxy that is a slow link (bench/throttled.ts, bench/first-scan.ts, e2e/tests/console-ship-link.spec.ts):
// every byte either way crosses one shared link of `kbitPerSecond`, and arrives half a round trip after it left; a
// new connection waits one round trip before its first bytes go (the TCP handshake). All connections share the link, as a ship's visitors share its uplink.
import net from 'node:net';

/** Pieces the link sends one after another, so that connections take turns on it. */
const PIECE_BYTES = 4096;

class Link {
  private freeAt = 0;
  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** When a piece of `bytes` sent now (but not before `notBefore`) arrives at the other end. */
  arrival(bytes: number, notBefore: number): number {
    const start = Math.max(Date.now(), this.freeAt, notBefore);
    this.freeAt = start + bytes / this.bytesPerMs;
    return this.freeAt + this.delayMs;
  }
}

export async function startThrottleProxy(
  target: { host: string; port: number },
  options: { kbitPerSecond: number; roundTripMs: number },
): Promise<{ port: number; bytesDown: () => number; close: () => Promise<void> }> {
  const bytesPerMs = (options.kbitPerSecond * 1000) / 8 / 1000;
  const up = new Link(bytesPerMs, options.roundTripMs / 2);
  const down = new Link(bytesPerMs, options.roundTripMs / 2);
  let received = 0;
  const sockets = new Set<net.Socket>();

  const pipe = (from: net.Socket, to: net.Socket, link: Link, notBefore: () => number, count: boolean) => {
    let lastArrival = 0;
    from.on('data', (data: Buffer) => {
      for (let at = 0; at < data.length; at += PIECE_BYTES) {
        const piece = data.subarray(at, at + PIECE_BYTES);
        // Never before an earlier piece of this connection: bytes stay in order.
        lastArrival = Math.max(lastArrival, link.arrival(piece.length, notBefore()));
        setTimeout(() => {
          if (count) received += piece.length;
          if (!to.destroyed) to.write(piece);
        }, lastArrival - Date.now());
      }
    });
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, lastArrival - Date.now())));
    from.on('error', () => to.destroy());
  };

  const server = net.createServer((client) => {
    const opened = Date.now();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    pipe(client, upstream, up, () => opened + options.roundTripMs, false);
    pipe(upstream, client, down, () => 0, true);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the throttle proxy has no port');
  return {
    port: address.port,
    bytesDown: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
