// Migration 0027 (issue 33 item 7): automations saved when they published to one YouTube channel
// (`config.publish.accountId`) get that channel as their list of destinations; the rest stay.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDatabase, type Database } from '../client.ts';
import { migrationsFolder } from '../migrate.ts';
import { automations } from '../schema/automations.ts';
import { users } from '../schema/users.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 2 });
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

/** The data statement of 0027 (the last one of the file), run again on rows written the old way. */
const mapping = readFileSync(join(migrationsFolder, '0027_automation_destinations.sql'), 'utf8').split('--> statement-breakpoint').at(-1) ?? '';

describe('migration 0027', () => {
  it('maps an old YouTube accountId into destinations and leaves download-only automations alone', async () => {
    const [owner] = await database.db.insert(users).values({ username: 'lama', passwordHash: 'x', role: 'user' }).returning();
    const channel = crypto.randomUUID();
    const old = { source: {}, schedule: { kind: 'interval', intervalMinutes: 60 }, filters: {}, download: { quality: 'best' } };
    const insert = async (config: Record<string, unknown>) => {
      const [row] = await database.db
        .insert(automations)
        .values({ ownerId: owner?.id ?? '', name: 'x', config: config as never })
        .returning();
      return row?.id ?? '';
    };
    const publishing = await insert({ ...old, publish: { accountId: channel, slots: ['09:00'], maxPerDay: 1 } });
    const downloadOnly = await insert({ ...old, publish: null });
    const already = await insert({ ...old, publish: { destinations: [channel], slots: ['09:00'], maxPerDay: 1 } });

    await database.sql.unsafe(mapping);

    const configOf = async (id: string) => (await database.db.select().from(automations).where(eq(automations.id, id)))[0]?.config as unknown;
    expect(await configOf(publishing)).toEqual({ ...old, publish: { destinations: [channel], slots: ['09:00'], maxPerDay: 1 } });
    expect(await configOf(downloadOnly)).toEqual({ ...old, publish: null });
    expect(await configOf(already)).toEqual({ ...old, publish: { destinations: [channel], slots: ['09:00'], maxPerDay: 1 } });
  });
});
