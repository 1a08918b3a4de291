// A worker process: migrate (idempotent, locked), then run the job catalog's queues until
// SIGTERM or SIGINT, and shut down gracefully.
import { createDatabase } from '@scrapper/db/client';
import { migrateDatabase } from '@scrapper/db/migrate';
import { configOrExit } from '@scrapper/integrations/config-or-exit';
import { followLauncher } from '@scrapper/integrations/launcher-link';
import { loadEnv } from './env.ts';
import { createWorkerLogger, startWorker } from './worker.ts';

// Started by the launcher: when it goes away, so do we (listening from the first moment).
const launcher = followLauncher();

async function main(): Promise<void> {
  const env = configOrExit('worker', () => loadEnv());
  // JSON lines on stdout, like the API's; `npm start` shows them readable (launcher log-router).
  const log = createWorkerLogger({ level: env.logLevel });
  for (const warning of env.warnings) log.warn(`[worker] ${warning}`);
  await migrateDatabase(env.databaseUrl);
  const database = createDatabase(env.databaseUrl, { max: env.dbPoolMax, applicationName: 'scrapper-worker' });
  const worker = await startWorker(env, database, log);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`[worker] ${signal}: finishing active jobs (up to ${env.shutdownGraceSeconds} s), then handing the rest back`);
    // Last resort: the grace, the aborted handlers' wind-down and the clean-up should all fit.
    const hardStop = setTimeout(() => process.exit(1), (env.shutdownGraceSeconds + 30) * 1000);
    hardStop.unref();
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
  launcher.whenGone(() => void close('launcher gone'));
}

main().catch((error: unknown) => {
  console.error('[worker] failed to start:', error);
  process.exit(1);
});
