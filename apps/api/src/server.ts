// The API process: migrate, seed the first admin, listen, and close gracefully.
import { createDatabase } from '@scrapper/db/client';
import { migrateDatabase } from '@scrapper/db/migrate';
import { startBoss } from '@scrapper/db/queue';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { createLocalStorage } from '@scrapper/integrations/storage/local';
import { buildApp } from './app.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { seedAdmin } from './services/auth/seed-admin.ts';
import { seedActorConfigs } from './services/actor-configs/seed-actor-configs.ts';

// Started by the launcher (an IPC channel is open): when it goes away, even by SIGKILL, so do
// we. Listen from the first moment; until the process can close gracefully, just exit.
let launcherIsGone = false;
let onLauncherGone: () => void = () => process.exit(0);
if (typeof process.send === 'function') {
  if (!process.connected) process.exit(0);
  process.on('disconnect', () => {
    launcherIsGone = true;
    onLauncherGone();
  });
}

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`[api] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  await migrateDatabase(env.databaseUrl);
  const database = createDatabase(env.databaseUrl, { max: env.dbPoolMax, applicationName: 'scrapper-api' });
  // The API only produces jobs; workers supervise the queues.
  const boss = await startBoss(env.databaseUrl, { supervise: false, max: 2 });

  const seeded = await seedAdmin(database.db, env.adminUsername, env.adminPassword);
  if (seeded.created) {
    console.log(`[api] first admin created: username "${seeded.username}"`);
    if (seeded.generatedPassword) {
      console.log(`[api] generated admin password (shown once, change it after login): ${seeded.generatedPassword}`);
    }
  }

  if (await seedActorConfigs(database)) console.log('[api] seeded the actor configurations of the five platforms');

  const app = await buildApp({
    env,
    database,
    boss,
    secrets: createSecretBox(env.secretsKey),
    storage: createLocalStorage(env.storageDir),
  });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    await boss.stop({ graceful: true, timeout: 5_000, close: true });
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
  onLauncherGone = () => void close('launcher gone');
  if (launcherIsGone) onLauncherGone();

  await app.listen({ port: env.port, host: env.host });
  console.log(`[api] listening on http://${env.host}:${env.port}`);
}

main().catch((error: unknown) => {
  console.error('[api] failed to start:', error);
  process.exit(1);
});
