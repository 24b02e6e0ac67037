// Before a run starts its stack on fixed ports (the journeys', the deploy topology's): each port free, or a clear line
// naming the variable that moves them. A server left from an earlier run would otherwise answer in place of the new
// one, and the run fail far from the cause.
import net from 'node:net';

/** Rejects with "port N is in use: `advice`" at the first port something on this machine listens on. */
export async function assertPortsFree(ports: number[], advice: string): Promise<void> {
  for (const port of ports) {
    await new Promise<void>((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', () => reject(new Error(`port ${port} is in use: ${advice}`)));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
  }
}
