// PGlite in a thread of its own (db/pglite-thread.ts, decision 043): opens the database folder and answers the
// PostgreSQL wire protocol on a Unix socket, so the server's thread talks to it with the same driver (pg) as to
// PostgreSQL while PGlite's work (about half of the server's CPU on the evening bench) runs on the other core.
// Plain JavaScript: a worker thread starts from a file, and this one must start the same way from the sources
// (tsx, the tests) and from the build (apps/server/dist, copied there by scripts/build-server.ts).
import { Buffer } from 'node:buffer';
import { rmSync } from 'node:fs';
import console from 'node:console';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @type {{ dataPath: string; socketPath: string }} */
const { dataPath, socketPath } = workerData;

/** Message types after which PostgreSQL answers: Sync, simple Query, Flush, and Terminate. */
const ANSWERED_AFTER = new Set([0x53, 0x51, 0x48, 0x58]);

const db = await PGlite.create(dataPath);

/**
 * @typedef {{ id: number; socket: net.Socket }} Connection
 * @typedef {{ connection: Connection; messages: Buffer }} Batch
 */

/**
 * PGlite has one session; the server opens a few connections so that PGlite always has the next statement at hand
 * instead of waiting for the server's thread to send it. Batches from all connections run one at a time, in arrival
 * order, each whole (Parse to Sync); once a batch leaves a transaction open, only its connection's batches run
 * until the transaction ends. Each connection names its prepared statements apart (db/client.ts).
 * @type {Batch[]}
 */
const queue = [];
/** @type {Connection | undefined} */
let owner;
let running = false;

async function run() {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const index = owner ? queue.findIndex((batch) => batch.connection === owner) : 0;
      if (index < 0 || queue.length === 0) return;
      const [{ connection, messages }] = queue.splice(index, 1);
      if (messages[0] === 0x58) {
        // Terminate: a transaction the connection left open is rolled back.
        if (owner === connection) await db.exec('rollback').catch(() => undefined);
        connection.socket.end();
      } else {
        try {
          const answer = await db.execProtocolRaw(new Uint8Array(messages.buffer, messages.byteOffset, messages.length));
          if (answer.length > 0 && connection.socket.writable) connection.socket.write(answer);
        } catch (error) {
          // Not an SQL error (those are in the answer): the connection cannot go on.
          console.error("PGlite's thread: a connection's messages failed:", error);
          connection.socket.destroy();
        }
      }
      owner = db.isInTransaction() ? connection : undefined;
    }
  } finally {
    running = false;
  }
}

let connections = 0;

/**
 * One client connection. Its bytes are cut after the last message PostgreSQL answers (a whole extended-protocol
 * query, Parse to Sync, goes in at once) and queued for PGlite, which runs them and gives back the answer's bytes.
 * @param {net.Socket} socket
 */
function serve(socket) {
  /** @type {Connection} */
  const connection = { id: (connections += 1), socket };
  let pending = Buffer.alloc(0);
  let started = false;
  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    if (!started) {
      // The startup message: a length, then the protocol version, no type byte.
      if (pending.length < 8 || pending.length < pending.readInt32BE(0)) return;
      const length = pending.readInt32BE(0);
      queue.push({ connection, messages: Buffer.from(pending.subarray(0, length)) });
      pending = pending.subarray(length);
      started = true;
    }
    let end = 0;
    for (let at = 0; at + 5 <= pending.length;) {
      const next = at + 1 + pending.readInt32BE(at + 1);
      if (next > pending.length) break;
      if (ANSWERED_AFTER.has(pending[at])) end = next;
      at = next;
    }
    if (end > 0) {
      queue.push({ connection, messages: Buffer.from(pending.subarray(0, end)) });
      pending = pending.subarray(end);
    }
    void run();
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    // A connection gone in the middle of a transaction: roll it back, and let the others go on.
    for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i].connection === connection) queue.splice(i, 1);
    if (owner === connection) {
      queue.unshift({ connection, messages: Buffer.from([0x58, 0, 0, 0, 4]) });
      void run();
    }
  });
}

rmSync(socketPath, { force: true });
const server = net.createServer(serve);
server.listen(socketPath, () => parentPort?.postMessage({ type: 'ready' }));

parentPort?.on('message', async (/** @type {{ type: string; id: number }} */ message) => {
  try {
    if (message.type === 'dump') {
      const blob = await db.dumpDataDir('none');
      const data = await blob.arrayBuffer();
      parentPort?.postMessage({ type: 'dumped', id: message.id, data: new Uint8Array(data) }, [data]);
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
