import type { ReadyCheck, ReadyResponse } from '@scrapper/contracts/http/system';
import { queueNames } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';
import { pendingMigrations } from '@scrapper/db/migrate';
import { listBossQueueNames } from '@scrapper/db/queries/operations';

export interface ReadinessOptions {
  /** Each check gives up after this long: a load balancer must get an answer, not a hang. */
  timeoutMs?: number;
  /** Once found current, migrations are trusted this long (they only change with a deploy). */
  migrationsCacheMs?: number;
}

class CheckTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`tidak menjawab dalam ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function failure(error: unknown): ReadyCheck {
  if (error instanceof CheckTimeout) return { ok: false, message: error.message };
  // drizzle puts the failed SQL in its message; the driver's own words (and code) are its cause.
  const cause = error instanceof Error ? error.cause : undefined;
  const source = cause instanceof Error ? cause : error;
  const text = source instanceof Error ? source.message : String(source);
  const code = source instanceof Error ? (source as Error & { code?: unknown }).code : undefined;
  return { ok: false, message: typeof code === 'string' ? `${text} (${code})` : text };
}

/**
 * Readiness of this API instance: the database answers `select 1`, every queue of the job
 * catalog exists in pg-boss, and no committed migration is pending. The checks after the first
 * run only when the database answers (they would fail for the same reason).
 */
export function createReadinessCheck(
  database: Database,
  options: ReadinessOptions = {},
): () => Promise<ReadyResponse> {
  const timeoutMs = options.timeoutMs ?? 2000;
  const migrationsCacheMs = options.migrationsCacheMs ?? 60_000;
  let migrationsCurrentUntil = 0;

  async function checkQueue(): Promise<ReadyCheck> {
    try {
      const present = new Set(
        await withTimeout(listBossQueueNames(database.db, queueNames), timeoutMs),
      );
      const missing = queueNames.filter((q) => !present.has(q));
      return missing.length === 0
        ? { ok: true }
        : { ok: false, message: `antrean belum dibuat: ${missing.join(', ')}` };
    } catch (error) {
      return failure(error);
    }
  }

  async function checkMigrations(): Promise<ReadyCheck> {
    if (Date.now() < migrationsCurrentUntil) return { ok: true };
    try {
      const pending = await withTimeout(pendingMigrations(database.sql), timeoutMs);
      if (pending.length > 0)
        return { ok: false, message: `migrasi belum diterapkan: ${pending.join(', ')}` };
      migrationsCurrentUntil = Date.now() + migrationsCacheMs;
      return { ok: true };
    } catch (error) {
      return failure(error);
    }
  }

  return async () => {
    let databaseCheck: ReadyCheck = { ok: true };
    try {
      await withTimeout(database.sql`select 1`, timeoutMs);
    } catch (error) {
      databaseCheck = failure(error);
    }
    const skipped: ReadyCheck = {
      ok: false,
      message: 'tidak diperiksa: basis data tidak terjangkau',
    };
    const [queue, migrations] = databaseCheck.ok
      ? await Promise.all([checkQueue(), checkMigrations()])
      : [skipped, skipped];
    const checks = { database: databaseCheck, queue, migrations };
    const failed = (Object.keys(checks) as Array<keyof typeof checks>).filter(
      (name) => !checks[name].ok,
    );
    return { status: failed.length === 0 ? 'ready' : 'unavailable', checks, failed };
  };
}
