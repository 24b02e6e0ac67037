// Starts the server: parse the configuration, open the database, seed or keep the campaign, listen, and on SIGINT/SIGTERM
// drain (readiness answers 503, requests in flight finish) and close everything in order.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { PackError } from './campaign/pack';
import { type CampaignAtStart, campaignAtStart, describeCampaignAtStart } from './campaign/startup';
import { readableStream, startMessage, wantsReadableLogs } from './config/dev-console';
import { ConfigError, parseEnv } from './config/env';
import { checkListenHost } from './config/listen';
import {
  DatabaseUnreachableError,
  MigrationFailedError,
  MigrationsRefusedError,
  SchemaNewerError,
  databaseSettings,
  openDatabase,
} from './db/client';
import { DatabaseInUseError } from './db/pglite-lock';

async function main(): Promise<void> {
  const env = parseEnv();
  checkListenHost(env);
  const database = await openDatabase(databaseSettings(env));
  let campaign: CampaignAtStart;
  try {
    // CAMPAIGN seeds an empty database only; a campaign the database holds is never changed by a start (decision 026).
    campaign = await campaignAtStart(database.db, env.CAMPAIGN);
  } catch (error) {
    await database.close();
    throw error;
  }
  // In a terminal outside production the lines are for a developer to read; JSON everywhere else (issue 30 part 5).
  const logger = wantsReadableLogs(env, process.stdout)
    ? { level: env.LOG_LEVEL, stream: readableStream(process.stdout) }
    : undefined;
  const offset = env.TEST_CLOCK_OFFSET_MS;
  const app = await buildApp({
    env,
    database,
    ...(logger ? { logger } : {}),
    ...(offset ? { now: () => Date.now() + offset } : {}),
  });
  const { level, fields, message } = describeCampaignAtStart(campaign);
  app.log[level]({ ...fields, database: database.kind }, message);

  closeWithGrace({ delay: env.DRAIN_DELAY_MS + 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.drain();
    await database.close();
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  // A newcomer's first start says where to open the app and where the sign-in e-mails are (issue 30 part 5).
  if (env.NODE_ENV !== 'production') {
    const started = startMessage(env);
    app.log.info(started.fields, started.message);
  }
}

const explained = [
  ConfigError,
  PackError,
  DatabaseInUseError,
  DatabaseUnreachableError,
  SchemaNewerError,
  MigrationsRefusedError,
  MigrationFailedError,
];

main().catch((error: unknown) => {
  // These already name the variable, file, entry and field: no stack trace for a setting.
  console.error(explained.some((kind) => error instanceof kind) ? (error as Error).message : error);
  process.exit(1);
});
