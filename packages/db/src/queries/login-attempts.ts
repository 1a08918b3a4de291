import { and, desc, eq, gt, gte, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { loginAttempts } from '../schema/login-attempts.ts';

/**
 * Records an attempt; returns its id, so a login can record first and mark success later (or
 * delete the row when it was refused before any password was checked).
 */
export async function insertLoginAttempt(
  db: Db,
  attempt: { ip: string; username: string; succeeded: boolean; deviceId?: string | null },
): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ ...attempt, username: attempt.username.toLowerCase(), deviceId: attempt.deviceId ?? null })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error('insert into login_attempts returned no row');
  return row.id;
}

export async function markLoginAttemptSucceeded(db: Db, id: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

export async function deleteLoginAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/**
 * Whose failures a limit counts. `device` (with the username): the attempts that came with
 * that valid device cookie. Without a device, only attempts from unknown browsers
 * (device_id null) count: a member's trusted device never adds to a lock of its username or
 * address.
 */
export interface FailureScope {
  ip?: string;
  username?: string;
  deviceId?: string;
}

function scopeWhere(scope: FailureScope): SQL[] {
  const where: SQL[] = [];
  if (scope.ip !== undefined) where.push(eq(loginAttempts.ip, scope.ip));
  if (scope.username !== undefined) where.push(eq(loginAttempts.username, scope.username.toLowerCase()));
  where.push(scope.deviceId === undefined ? isNull(loginAttempts.deviceId) : eq(loginAttempts.deviceId, scope.deviceId));
  return where;
}

/**
 * The times of the newest failures in the scope since `since` (newest first, at most `limit`),
 * leaving out the attempt `exceptId` (the one being decided). Rows of attempts still in
 * flight count as failures: a burst of parallel guesses sees itself.
 */
export async function listFailureTimes(
  db: Db,
  scope: FailureScope,
  since: Date,
  limit: number,
  exceptId: number,
): Promise<Date[]> {
  const rows = await db
    .select({ at: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(
      and(
        ...scopeWhere(scope),
        eq(loginAttempts.succeeded, false),
        gte(loginAttempts.attemptedAt, since),
        ne(loginAttempts.id, exceptId),
      ),
    )
    .orderBy(desc(loginAttempts.attemptedAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

/**
 * Failures in the scope since its last success (and since `since`), leaving out `exceptId`:
 * how many there were in a row, and when the newest was.
 */
export async function findConsecutiveFailures(
  db: Db,
  scope: FailureScope,
  since: Date,
  exceptId: number,
): Promise<{ count: number; lastAt: Date | undefined }> {
  const [success] = await db
    .select({ at: sql<Date | null>`max(${loginAttempts.attemptedAt})`.mapWith(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(and(...scopeWhere(scope), eq(loginAttempts.succeeded, true), gte(loginAttempts.attemptedAt, since)));
  const after = success?.at ?? undefined;
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      lastAt: sql<Date | null>`max(${loginAttempts.attemptedAt})`.mapWith(loginAttempts.attemptedAt),
    })
    .from(loginAttempts)
    .where(
      and(
        ...scopeWhere(scope),
        eq(loginAttempts.succeeded, false),
        after ? gt(loginAttempts.attemptedAt, after) : gte(loginAttempts.attemptedAt, since),
        ne(loginAttempts.id, exceptId),
      ),
    );
  return { count: row?.n ?? 0, lastAt: row?.lastAt ?? undefined };
}

/** Failed attempts for a username from browsers without its device cookie (change-password uses it). */
export async function countFailuresByUsername(db: Db, username: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(...scopeWhere({ username }), eq(loginAttempts.succeeded, false), gte(loginAttempts.attemptedAt, since)));
  return row?.n ?? 0;
}

export async function deleteLoginAttemptsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, before))
    .returning({ id: loginAttempts.id });
  return rows.length;
}
