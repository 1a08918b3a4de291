// Every value sealed with SECRETS_KEY, moved to a new key in one transaction (`pnpm secrets:rotate`).
// The crypto stays in @scrapper/integrations/secret-box: this module only knows where sealed
// values live and hands each one to `reseal`, which says whether it is already under the new key.
import type { Database } from '../client.ts';

/** Where secrets are sealed. A new sealed column must be added here, or a rotation leaves it behind. */
/** `keys` is the row's primary key (one column, or several for a composite key). */
export const SEALED_COLUMNS = [
  { kind: 'apiKeys', table: 'api_keys', keys: ['id'], column: 'sealed_key' },
  { kind: 'oauthClientSecrets', table: 'oauth_client_secrets', keys: ['id'], column: 'sealed_client_secret' },
  { kind: 'oauthTokens', table: 'youtube_accounts', keys: ['id'], column: 'sealed_tokens' },
  { kind: 'cookies', table: 'cookie_sets', keys: ['platform'], column: 'sealed_cookies' },
  { kind: 'memberCookies', table: 'member_cookies', keys: ['owner_id', 'platform'], column: 'sealed_cookies' },
  { kind: 'webhookSecrets', table: 'webhooks', keys: ['id'], column: 'sealed_secret' },
  { kind: 'publishTokens', table: 'publish_accounts', keys: ['id'], column: 'sealed_tokens' },
] as const;

export type SealedKind = (typeof SEALED_COLUMNS)[number]['kind'];

export type Reseal = (sealed: string) => { state: 'current' } | { state: 'resealed'; sealed: string } | { state: 'unreadable'; reason: string };

export interface RotationCount {
  /** Values found. */
  total: number;
  /** Re-encrypted from the old key (or, on a dry run, that would be). */
  resealed: number;
  /** Already under the new key: written during the switch, or by an earlier, interrupted run. */
  alreadyCurrent: number;
}

export interface RotationReport {
  counts: Record<SealedKind, RotationCount>;
  /** Values neither key opens ("api_keys 3f2a…: opens with neither key"); when any, nothing was changed. */
  unreadable: string[];
  dryRun: boolean;
}

export class UnreadableSecretsError extends Error {
  readonly report: RotationReport;
  constructor(report: RotationReport) {
    super(`${report.unreadable.length} sealed value(s) open with neither key; nothing was changed`);
    this.report = report;
  }
}

// A rollback that carries the report out of the transaction (dry run, or unreadable values).
class Rollback extends Error {
  readonly report: RotationReport;
  constructor(report: RotationReport) {
    super('rollback');
    this.report = report;
  }
}

/**
 * Reseals every sealed value in one transaction. Rows are read `for no key update`, table by
 * table, so an API or worker writing a secret meanwhile waits for the commit (or the rotation
 * waits for it, and then finds that value already under the new key), while reads and rows that
 * merely reference them (an OAuth state naming its client) go on unhindered. Any unreadable value, an error, or a
 * killed process rolls everything back: the database is then as before, readable with the old
 * key (and the new one for what the app sealed since), and a second run does the whole job.
 */
export async function rotateSealedSecrets(database: Database, reseal: Reseal, options: { dryRun?: boolean } = {}): Promise<RotationReport> {
  const dryRun = options.dryRun ?? false;
  try {
    return await database.transaction(async ({ sql }) => {
      const report: RotationReport = { counts: {} as Record<SealedKind, RotationCount>, unreadable: [], dryRun };
      for (const { kind, table, keys, column } of SEALED_COLUMNS) {
        const count: RotationCount = { total: 0, resealed: 0, alreadyCurrent: 0 };
        report.counts[kind] = count;
        // The key columns as text, in order: `k0`, `k1`...
        const keyList = keys.map((k, i) => sql`${sql(k)}::text as ${sql(`k${i}`)}`).reduce((a, b) => sql`${a}, ${b}`);
        const rows = await sql<Array<Record<string, string>>>`
          select ${keyList}, ${sql(column)} as sealed from ${sql(table)} order by ${sql(keys as unknown as string[])} for no key update`;
        for (const row of rows) {
          count.total++;
          const result = reseal(row.sealed ?? '');
          if (result.state === 'current') {
            count.alreadyCurrent++;
          } else if (result.state === 'unreadable') {
            report.unreadable.push(`${table} ${keys.map((_, i) => row[`k${i}`]).join(' ')}: ${result.reason}`);
          } else {
            count.resealed++;
            const where = keys.map((k, i) => sql`${sql(k)}::text = ${row[`k${i}`] ?? ''}`).reduce((a, b) => sql`${a} and ${b}`);
            if (!dryRun) await sql`update ${sql(table)} set ${sql(column)} = ${result.sealed} where ${where}`;
          }
        }
      }
      if (report.unreadable.length > 0 || dryRun) throw new Rollback(report);
      return report;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    if (error.report.unreadable.length > 0) throw new UnreadableSecretsError(error.report);
    return error.report;
  }
}
