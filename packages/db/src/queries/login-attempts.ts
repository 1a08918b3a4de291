import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { loginAttempts } from '../schema/login-attempts.ts';

export async function insertLoginAttempt(
  db: Db,
  attempt: { ip: string; username: string; succeeded: boolean },
): Promise<void> {
  await db.insert(loginAttempts).values({ ...attempt, username: attempt.username.toLowerCase() });
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
