import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { deletedAccounts } from '../schema/deleted-accounts.ts';
import { users, type NewUserRow, type UserRow } from '../schema/users.ts';

// Serialises changes that could remove the last admin (delete, demote) across processes.
const ADMIN_CHANGE_LOCK_ID = 727_274_002;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Usernames match whatever their case. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.username));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
}

/** Inserts a user; returns undefined when the username is taken. */
export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow | undefined> {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/**
 * Updates role and/or password. A new password raises the session version in the same
 * statement, so every token issued before it is refused from then on (other sessions end).
 */
export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'role' | 'passwordHash'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...values,
      ...(values.passwordHash ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Deletes the account; its rows go with it (the cascade), and the deletion is recorded in the
 * same statement's transaction so the housekeeping sweep removes its files (deleted_accounts).
 */
export async function deleteUser(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (rows.length === 0) return false;
  await db.insert(deletedAccounts).values({ userId: id }).onConflictDoNothing();
  return true;
}

/** Deleted accounts whose files are still to be removed, oldest first. */
export async function listDeletedAccountsWithFiles(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: deletedAccounts.userId })
    .from(deletedAccounts)
    .where(isNull(deletedAccounts.filesRemovedAt))
    .orderBy(asc(deletedAccounts.deletedAt))
    .limit(limit);
  return rows.map((row) => row.userId);
}

export async function markAccountFilesRemoved(db: Db, userId: string): Promise<void> {
  await db.update(deletedAccounts).set({ filesRemovedAt: new Date() }).where(eq(deletedAccounts.userId, userId));
}

/** Takes the lock that makes "is this the last admin?" checks safe inside a transaction. */
export async function lockAdminChanges(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK_ID})`);
}

/**
 * Sets (lower-cased) or clears the member's email. `taken`: another account has it (the unique
 * index is the last word when two members race for one address: a 23505, answered 409).
 */
export async function updateUserEmail(db: Db, id: string, email: string | null): Promise<'updated' | 'taken' | 'missing'> {
  const address = email?.toLowerCase() ?? null;
  if (address) {
    const [other] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${address}`, ne(users.id, id)))
      .limit(1);
    if (other) return 'taken';
  }
  const rows = await db.update(users).set({ email: address, updatedAt: new Date() }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0 ? 'updated' : 'missing';
}
