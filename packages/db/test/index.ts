import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const TEST_ADMIN_URL_ENV = 'SCRAPPER_TEST_ADMIN_URL';
export const TEST_TEMPLATE_ENV = 'SCRAPPER_TEST_TEMPLATE';

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
    await admin.unsafe(`create database ${name} template ${templateName()}`);
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
