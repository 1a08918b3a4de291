import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { countAdmins, findUserByUsername, insertUser, updateUser } from './users.ts';

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

describe('users queries', () => {
  it('treats usernames as unique whatever their case', async () => {
    const first = await insertUser(database.db, { username: 'Budi', passwordHash: 'x', role: 'user' });
    expect(first?.username).toBe('Budi');
    const second = await insertUser(database.db, { username: 'budi', passwordHash: 'y', role: 'user' });
    expect(second).toBeUndefined();
    expect((await findUserByUsername(database.db, 'BUDI'))?.id).toBe(first?.id);
  });

  it('refuses a role outside user and admin at the database', async () => {
    await expect(
      database.sql`insert into users (username, password_hash, role) values ('eve', 'x', 'root')`,
    ).rejects.toThrow(/users_role_check/);
  });

  it('counts admins and bumps updated_at on update', async () => {
    const u = await insertUser(database.db, { username: 'sari', passwordHash: 'x', role: 'user' });
    if (!u) throw new Error('insert failed');
    const before = await countAdmins(database.db);
    const updated = await updateUser(database.db, u.id, { role: 'admin' });
    expect(await countAdmins(database.db)).toBe(before + 1);
    expect(updated?.updatedAt.getTime()).toBeGreaterThanOrEqual(u.updatedAt.getTime());
  });

  it('gives each test file its own database', async () => {
    const [row] = await database.sql`select current_database() as name`;
    expect(row?.name).toBe(testDb.name);
  });
});
