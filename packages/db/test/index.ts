import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const TEST_ADMIN_URL_ENV = 'SCRAPPER_TEST_ADMIN_URL';
export const TEST_TEMPLATE_ENV = 'SCRAPPER_TEST_TEMPLATE';
/** Set by the global setup when its own server runs without fsync: copy templates file by file. */
export const TEST_FILE_COPY_ENV = 'SCRAPPER_TEST_FILE_COPY';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for one test file, copied from the run's template.
 * Needs `@scrapper/db/testing/global-setup` in the vitest config.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env[TEST_ADMIN_URL_ENV];
  if (!adminUrl) throw new Error(`${TEST_ADMIN_URL_ENV} is not set: add @scrapper/db/testing/global-setup to vitest globalSetup`);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    // FILE_COPY copies the template's files after a checkpoint: with fsync off that is far
    // cheaper than WAL_LOG's page-by-page copy through the WAL (the default since PostgreSQL
    // 15); on a server of DATABASE_URL, with fsync on, it would be slower, so it is not asked.
    const strategy = process.env[TEST_FILE_COPY_ENV] === '1' ? ' strategy file_copy' : '';
    await admin.unsafe(`create database ${name} template ${templateName()}${strategy}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end({ timeout: 5 });
      }
    },
  };
}

function templateName(): string {
  const name = process.env[TEST_TEMPLATE_ENV];
  if (!name) throw new Error(`${TEST_TEMPLATE_ENV} is not set: add @scrapper/db/testing/global-setup to vitest globalSetup`);
  return name;
}
