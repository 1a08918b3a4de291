// The API process: migrate, seed the first admin, listen, and close gracefully.
import { privateFetchWarning } from '@scrapper/contracts/rules/private-fetch';
import { createDatabase } from '@scrapper/db/client';
import { migrateDatabase } from '@scrapper/db/migrate';
import { startBoss } from '@scrapper/db/queue';
import { createSecretBox } from '@scrapper/integrations/secret-box';
import { createStorage } from '@scrapper/integrations/storage/create-storage';
import { configOrExit } from '@scrapper/integrations/config-or-exit';
import { followLauncher } from '@scrapper/integrations/launcher-link';
import { buildApp } from './app.ts';
import { loadEnv } from './env.ts';
import { seedAdmin } from './services/auth/seed-admin.ts';
import { seedActorConfigs } from './services/actor-configs/seed-actor-configs.ts';

// Started by the launcher: when it goes away, so do we (listening from the first moment).
const launcher = followLauncher();

async function main(): Promise<void> {
  const env = configOrExit('api', () => loadEnv());

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

  const storage = createStorage(env.storage);
  const app = await buildApp({
    env,
    database,
    boss,
    secrets: createSecretBox(env.secretsKey, env.secretsKeyPrevious),
    storage,
  });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = env.shutdownGraceSeconds * 1000;
    app.log.info(`${signal}: draining in-flight requests (up to ${env.shutdownGraceSeconds} s)`);
    // Last resort, should the clean-up after the drain hang too.
    const hardStop = setTimeout(() => process.exit(1), graceMs + 15_000);
    hardStop.unref();
    // Fastify stops accepting connections at once, closes idle kept-alive ones, and answers any
    // request that still arrives on a busy one with 503 and `Connection: close` (readiness
    // included, so a load balancer moves on); requests in flight run to their end. A long stream
    // (a big file to a slow client) could hold the drain forever: after the grace it is cut.
    const cut = setTimeout(() => {
      app.log.warn('shutdown grace over: closing the connections still open');
      app.server.closeAllConnections();
    }, graceMs);
    cut.unref();
    await app.close();
    clearTimeout(cut);
    await boss.stop({ graceful: true, timeout: 5_000, close: true });
    await database.close();
    storage.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
  launcher.whenGone(() => void close('launcher gone'));

  await app.listen({ port: env.port, host: env.host });
  console.log(`[api] listening on http://${env.host}:${env.port}`);
  const privateFetch = privateFetchWarning({ allowPrivateNetworkFetch: env.fetchPolicy.allowPrivateNetwork, allowHosts: env.fetchPolicy.allowHosts }, 'API');
  if (privateFetch) console.warn(`[api] PERINGATAN: ${privateFetch}`);
}

main().catch((error: unknown) => {
  console.error('[api] failed to start:', error);
  process.exit(1);
});
