import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { loginAttempts } from '../schema/login-attempts.ts';

/** Records an attempt; returns its id, so a login can record first and mark success later. */
export async function insertLoginAttempt(
  db: Db,
  attempt: { ip: string; username: string; succeeded: boolean },
): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ ...attempt, username: attempt.username.toLowerCase() })
    .returning({ id: loginAttempts.id });
  if (!row) throw new Error('insert into login_attempts returned no row');
  return row.id;
}

export async function markLoginAttemptSucceeded(db: Db, id: number): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

export async function countAttemptsByIp(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gte(loginAttempts.attemptedAt, since)));
  return row?.n ?? 0;
}

export async function countFailuresByUsername(db: Db, username: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username.toLowerCase()),
        eq(loginAttempts.succeeded, false),
        gte(loginAttempts.attemptedAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function deleteLoginAttemptsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, before))
    .returning({ id: loginAttempts.id });
  return rows.length;
}
