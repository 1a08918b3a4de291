// vitest globalSetup: one PostgreSQL server for the whole run (embedded, or the server of
// DATABASE_URL when set) and a template database with every migration applied. Each test
// file then copies the template into a database of its own (see createTestDatabase).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/embedded.ts';
import { migrateDatabase } from '../src/migrate.ts';
import { randomBytes } from 'node:crypto';
import { TEST_ADMIN_URL_ENV, TEST_FILE_COPY_ENV, TEST_TEMPLATE_ENV } from './index.ts';

const TEST_SERVER_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

let server: EmbeddedPostgres | undefined;
let dir: string | undefined;
const TEMPLATE_DATABASE = `scrapper_template_${randomBytes(4).toString('hex')}`;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function setup(): Promise<void> {
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    dir = mkdtempSync(join(tmpdir(), 'scrapper-test-pg-'));
    // A throwaway cluster: nothing in it must outlive a crash, so it does not wait for the disk.
    // Every commit, and each file's copy of the template, then costs CPU instead of fsyncs
    // (a copy: 400 ms -> 38 ms, docs/benchmarks.md). The product's server keeps the defaults.
    server = await startEmbeddedPostgres({ dir, database: 'postgres', settings: TEST_SERVER_SETTINGS });
    adminUrl = server.adminUrl;
    process.env[TEST_FILE_COPY_ENV] = '1';
  }
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.unsafe(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  await migrateDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE));
  process.env[TEST_ADMIN_URL_ENV] = adminUrl;
  process.env[TEST_TEMPLATE_ENV] = TEMPLATE_DATABASE;
}

export async function teardown(): Promise<void> {
  const adminUrl = process.env[TEST_ADMIN_URL_ENV];
  if (!server && adminUrl) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${TEMPLATE_DATABASE} with (force)`).finally(() => admin.end({ timeout: 5 }));
  }
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
