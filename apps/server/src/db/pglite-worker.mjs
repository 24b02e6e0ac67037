// PGlite in a thread of its own (db/pglite-thread.ts, decision 043): opens the database folder and answers the
// PostgreSQL wire protocol on a Unix socket, so the server's thread talks to it with the same driver (pg) as to
// PostgreSQL while PGlite's work (about half of the server's CPU on the evening bench) runs on the other core.
// Plain JavaScript: a worker thread starts from a file, and this one must start the same way from the sources
// (tsx, the tests) and from the build (apps/server/dist, copied there by scripts/build-server.ts).
import { rmSync } from 'node:fs';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dataPath: string; socketPath: string }} */
const { dataPath, socketPath } = workerData;

/** Message types after which PostgreSQL answers: Sync, simple Query, Flush, and Terminate. */
const ANSWERED_AFTER = new Set([0x53, 0x51, 0x48, 0x58]);

const db = await PGlite.create(dataPath);

/**
 * One client connection. Its bytes are cut after the last message PostgreSQL answers (a whole extended-protocol
 * query, Parse to Sync, goes in at once) and handed to PGlite, which runs them and gives back the answer's bytes.
 * @param {net.Socket} socket
 */
function serve(socket) {
  let pending = Buffer.alloc(0);
  let started = false;
  let queue = Promise.resolve();
  socket.setNoDelay?.(true);
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const ready = [];
    if (!started && pending.length >= 8) {
      // The startup message: a length, then the protocol version, no type byte.
      const length = pending.readInt32BE(0);
      if (pending.length < length) return;
      ready.push(pending.subarray(0, length));
      pending = pending.subarray(length);
      started = true;
    }
    let end = 0;
    for (let at = 0; at + 5 <= pending.length; ) {
      const next = at + 1 + pending.readInt32BE(at + 1);
      if (next > pending.length) break;
      if (ANSWERED_AFTER.has(pending[at])) end = next;
      at = next;
    }
    if (end > 0) {
      ready.push(Buffer.from(pending.subarray(0, end)));
      pending = pending.subarray(end);
    }
    for (const messages of ready) {
      queue = queue.then(async () => {
        if (messages[0] === 0x58) return void socket.end();
        const answer = await db.execProtocolRaw(new Uint8Array(messages.buffer, messages.byteOffset, messages.length));
        if (answer.length > 0 && socket.writable) socket.write(answer);
      });
    }
  });
  socket.on('error', () => socket.destroy());
}

rmSync(socketPath, { force: true });
const server = net.createServer(serve);
server.listen(socketPath, () => parentPort?.postMessage({ type: 'ready' }));

parentPort?.on('message', async (/** @type {{ type: string; id: number }} */ message) => {
  try {
    if (message.type === 'dump') {
      const blob = await db.dumpDataDir('none');
      parentPort?.postMessage({ type: 'dumped', id: message.id, data: new Uint8Array(await blob.arrayBuffer()) });
    } else if (message.type === 'close') {
      server.close();
      await db.close();
      rmSync(socketPath, { force: true });
      parentPort?.postMessage({ type: 'closed', id: message.id });
    }
  } catch (error) {
    parentPort?.postMessage({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
});
