// Starts the server: parse the configuration, open the database, load the campaign, listen,
// and close everything in order on SIGINT/SIGTERM.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { PackError, readPack } from './campaign/pack';
import { applyPack } from './campaign/load';
import { ConfigError, parseEnv } from './config/env';
import { checkListenHost } from './config/listen';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/pglite-lock';

async function main(): Promise<void> {
  const env = parseEnv();
  checkListenHost(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  const summary = await applyPack(database.db, readPack(env.CAMPAIGN));
  const app = await buildApp({ env, database });
  app.log.info({ ...summary, database: database.kind }, 'campaign loaded');

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
    await database.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  // Configuration and pack errors already name the variable, file, entry and field.
  console.error(
    error instanceof ConfigError || error instanceof PackError || error instanceof DatabaseInUseError ? error.message : error,
  );
  process.exit(1);
});
