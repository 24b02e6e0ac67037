// Opens the server's database for an operator command.
import type { Env } from '../config/env';
import { type Database, databaseSettings, openDatabase } from '../db/client';
import { DatabaseInUseError } from '../db/pglite-lock';

export async function openOpsDatabase(env: Env): Promise<Database> {
  if (!env.DATABASE_URL) await refuseWhileServerRuns(env);
  return openDatabase(databaseSettings(env));
}

/**
 * The embedded database (PGlite) has no lock of its own: a second process opening DATA_DIR while the
 * server has it open corrupts it. A server answering on this configuration's port is the sign.
 */
async function refuseWhileServerRuns(env: Env): Promise<void> {
  const url = localServerUrl(env, '/healthz');
  const answered = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    (response) => response.ok,
    () => false,
  );
  if (answered) {
    throw new DatabaseInUseError(
      `A QuackQuest server answers at ${url}. With the embedded database (DATABASE_URL unset) only one process ` +
        `may open DATA_DIR (${env.DATA_DIR}) at a time: stop the server first, or set DATABASE_URL to the ` +
        'PostgreSQL database the server uses.',
    );
  }
}

/** This configuration's server, as reached from its own machine. */
export function localServerUrl(env: Env, pathname: string): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}${pathname}`;
}
