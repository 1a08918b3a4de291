// `pnpm secrets:rotate [--dry-run]`: moves every sealed secret (API keys, OAuth client secrets,
// OAuth tokens, cookies, members' own cookies, webhook secrets) from the old SECRETS_KEY to the new one, in one transaction.
//
//   SECRETS_KEY           the new key (unset: DATA_DIR/secrets.json's, as the API and worker read it)
//   SECRETS_KEY_PREVIOUS  the old key
//   DATABASE_URL          the database; unset: the embedded one under DATA_DIR (the running one
//                         when `npm start` is up, else started here for the run and stopped after)
//
// Safe to run while API and workers serve (with SECRETS_KEY=new and SECRETS_KEY_PREVIOUS=old),
// and to run again: values already under the new key are counted and left alone, so a run that
// was interrupted is completed by the next one. Exit 0 done, 1 failed (nothing changed), 2 bad
// configuration. Plain `node` runs it (type stripping), in the images too.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createDatabase } from '@scrapper/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '@scrapper/db/embedded';
import { rotateSealedSecrets, UnreadableSecretsError, type RotationReport } from '@scrapper/db/queries/secrets-rotation';
import { loadOrCreateLocalSecrets, SECRETS_FILE } from '@scrapper/integrations/local-secrets';
import { createSecretBox, parseSecretsKey } from '@scrapper/integrations/secret-box';

const isKey = (v: string) => {
  try {
    parseSecretsKey(v);
    return true;
  } catch {
    return false;
  }
};

const EnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SECRETS_KEY: z.string().refine(isKey, 'SECRETS_KEY must be 32 bytes, base64-encoded').optional(),
  SECRETS_KEY_PREVIOUS: z.string().refine(isKey, 'SECRETS_KEY_PREVIOUS must be 32 bytes, base64-encoded'),
});

const LABELS: Record<keyof RotationReport['counts'], string> = {
  apiKeys: 'API keys (Apify, Gemini)',
  oauthClientSecrets: 'OAuth client secrets',
  oauthTokens: 'OAuth tokens (YouTube channels)',
  cookies: 'cookie sets',
  memberCookies: "members' own cookies (browser extension)",
  webhookSecrets: "members' webhook signing secrets",
  publishTokens: "members' TikTok, Instagram and Facebook tokens",
};

class ConfigError extends Error {}

function printReport(report: RotationReport): void {
  const verb = report.dryRun ? 'would re-encrypt' : 're-encrypted';
  for (const [kind, count] of Object.entries(report.counts) as Array<[keyof RotationReport['counts'], RotationReport['counts'][keyof RotationReport['counts']]]>) {
    console.log(`  ${LABELS[kind]}: ${count.total} found, ${count.resealed} ${verb}, ${count.alreadyCurrent} already under the new key`);
  }
}

/** The embedded server `npm start` runs on this DATA_DIR, if it is up: its port from postmaster.pid. */
function runningEmbeddedUrl(dir: string): string | undefined {
  const pidFile = join(dir, 'pgdata', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  if (!pid || !port || !existsSync(`/proc/${pid.trim()}`)) return undefined;
  const password = readFileSync(join(dir, 'postgres.password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port.trim()}/scrapper`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log('usage: pnpm secrets:rotate [--dry-run]   (SECRETS_KEY = new key, SECRETS_KEY_PREVIOUS = old key; see docs/operations.md)');
    return 0;
  }
  const cleaned = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (!e.SECRETS_KEY && !existsSync(join(dataDir, SECRETS_FILE))) {
    throw new ConfigError(`SECRETS_KEY is not set and ${join(dataDir, SECRETS_FILE)} does not exist: give the new key in SECRETS_KEY`);
  }
  const newKey = e.SECRETS_KEY ?? loadOrCreateLocalSecrets(dataDir).secretsKey;
  if (newKey === e.SECRETS_KEY_PREVIOUS) throw new ConfigError('SECRETS_KEY and SECRETS_KEY_PREVIOUS are the same key');

  let embedded: EmbeddedPostgres | undefined;
  let url = e.DATABASE_URL;
  if (!url) {
    const dir = join(dataDir, 'postgres');
    if (!existsSync(join(dir, 'pgdata', 'PG_VERSION'))) throw new ConfigError(`DATABASE_URL is not set and there is no embedded database under ${dir}`);
    url = runningEmbeddedUrl(dir);
    if (!url) {
      embedded = await startEmbeddedPostgres({ dir });
      url = embedded.url;
    }
  }
  const database = createDatabase(url, { max: 1, applicationName: 'scrapper-secrets-rotate' });
  try {
    const report = await rotateSealedSecrets(database, createSecretBox(newKey, e.SECRETS_KEY_PREVIOUS).reseal, { dryRun: values['dry-run'] });
    console.log(report.dryRun ? 'Dry run: nothing was changed.' : 'Every sealed secret is now under SECRETS_KEY.');
    printReport(report);
    if (!report.dryRun) console.log('Next: remove SECRETS_KEY_PREVIOUS from every API and worker and restart them.');
    return 0;
  } catch (error) {
    if (!(error instanceof UnreadableSecretsError)) throw error;
    console.error(`secrets:rotate: ${error.message}. Check SECRETS_KEY_PREVIOUS; these values open with neither key:`);
    for (const line of error.report.unreadable) console.error(`  ${line}`);
    return 1;
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`secrets:rotate: ${error instanceof Error ? error.message : String(error)}${error instanceof ConfigError ? '' : ' (nothing was changed)'}`);
    process.exit(error instanceof ConfigError ? 2 : 1);
  },
);
