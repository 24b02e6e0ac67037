// Starts the server: parse the configuration, open the database, load the campaign, listen, and on SIGINT/SIGTERM
// drain (readiness answers 503, requests in flight finish) and close everything in order.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { PackError, readPack } from './campaign/pack';
import { applyPack } from './campaign/load';
import { ConfigError, parseEnv } from './config/env';
import { checkListenHost } from './config/listen';
import { type Db, DatabaseUnreachableError, openDatabase } from './db/client';
import { campaigns } from './db/schema';
import { DatabaseInUseError } from './db/pglite-lock';

async function main(): Promise<void> {
  const env = parseEnv();
  checkListenHost(env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  let loaded: object | undefined;
  try {
    if (env.CAMPAIGN) loaded = await applyPack(database.db, readPack(env.CAMPAIGN));
    else if (!(await holdsCampaign(database.db))) {
      throw new ConfigError(
        'Unsafe production configuration:\n  CAMPAIGN: required when NODE_ENV=production and the database holds no campaign yet',
      );
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ env, database });
  if (loaded) app.log.info({ ...loaded, database: database.kind }, 'campaign loaded');
  else app.log.info({ database: database.kind }, 'campaign kept as the database holds it (CAMPAIGN not set)');

  closeWithGrace({ delay: env.DRAIN_DELAY_MS + 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.drain();
    await database.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
}

async function holdsCampaign(db: Db): Promise<boolean> {
  return (await db.select({ id: campaigns.id }).from(campaigns).limit(1)).length > 0;
}

const explained = [ConfigError, PackError, DatabaseInUseError, DatabaseUnreachableError];

main().catch((error: unknown) => {
  // These already name the variable, file, entry and field: no stack trace for a setting.
  console.error(explained.some((kind) => error instanceof kind) ? (error as Error).message : error);
  process.exit(1);
});
