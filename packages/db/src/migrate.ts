import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// Any number of API and worker processes may start at once against one database: the
// advisory lock lets exactly one of them apply pending migrations while the others wait.
const MIGRATION_LOCK_ID = 727_274_001;

export async function migrateDatabase(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migrate(drizzle(sql), { migrationsFolder });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;

/** The committed migrations, oldest first (read once: they do not change while we run). */
function readJournal(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

// undefined_table, invalid_schema_name: nothing was ever migrated on this database.
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

/**
 * Tags of the committed migrations this database has not applied yet (empty when current).
 * Drizzle's own rule: a migration is applied when the newest row of its migrations table is at
 * least as new as the migration's journal timestamp. Cheap: one indexed row.
 */
export async function pendingMigrations(sql: postgres.Sql): Promise<string[]> {
  const entries = readJournal();
  let rows: Array<{ created_at: string | number | null }>;
  try {
    rows = await sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
  } catch (error) {
    if (NEVER_MIGRATED.has((error as { code?: string }).code ?? '')) return entries.map((e) => e.tag);
    throw error;
  }
  const applied = Number(rows[0]?.created_at ?? 0);
  return entries.filter((e) => e.when > applied).map((e) => e.tag);
}
