// POST /ops/backup: the running server writes a backup of its embedded database and photos for the operator
// CLI (`npm run ops -- backup`), since no second process may open PGlite's folder (decision 030). Only on
// PGlite; only from this machine (the socket's own address, never a forwarded one); only with the token
// derived from the server's secret, which the CLI derives the same way from the same configuration.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { conflict, forbidden } from '../domain/errors';
import { createBackupStream } from './archive';

export const BACKUP_PATH = '/ops/backup';

/** The bearer token of POST /ops/backup: only someone holding the server's secret (SESSION_SECRET or DATA_DIR) has it. */
export function backupToken(secret: string): string {
  return createHmac('sha256', secret).update('quackquest ops backup v1').digest('base64url');
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const digest = (text: string) => createHash('sha256').update(text).digest();

export function backupRoutes(ctx: AppContext, database: Database): FastifyPluginAsync {
  return async (app) => {
    if (!database.exclusive) return;
    const expected = digest(`Bearer ${backupToken(ctx.secret)}`);
    let running = false;
    app.post(BACKUP_PATH, { config: { public: true } }, async (request, reply) => {
      const { remoteAddress, localAddress } = request.socket;
      const sameMachine = LOOPBACK.test(remoteAddress ?? '') || (remoteAddress !== undefined && remoteAddress === localAddress);
      const fromHere = sameMachine && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
      const tokenOk = timingSafeEqual(digest(request.headers.authorization ?? ''), expected);
      if (!fromHere || !tokenOk) throw forbidden('Backups are taken on the server machine: npm run ops -- backup.');
      if (running) throw conflict('A backup is being taken already: try again when it is done.');
      running = true;
      try {
        const { snapshot, stream } = await createBackupStream(database, ctx.env.DATA_DIR);
        request.log.info({ counts: snapshot.counts, heldMs: snapshot.heldMs }, 'backup: snapshot taken');
        stream.once('close', () => {
          running = false;
        });
        return reply.header('content-type', 'application/gzip').header('x-backup-held-ms', String(snapshot.heldMs)).send(stream);
      } catch (error) {
        running = false;
        throw error;
      }
    });
  };
}
