import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { deletionRequests, type DeletionRequestRow } from '../schema/notifications.ts';

export async function insertDeletionRequest(db: Db, values: { email: string; ip: string }): Promise<DeletionRequestRow> {
  const [row] = await db.insert(deletionRequests).values({ ...values, email: values.email.toLowerCase() }).returning();
  if (!row) throw new Error('insert into deletion_requests returned no row');
  return row;
}

export async function countDeletionRequestsByIp(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.ip, ip), gte(deletionRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function listDeletionRequests(db: Db): Promise<DeletionRequestRow[]> {
  return db.select().from(deletionRequests).orderBy(desc(deletionRequests.createdAt)).limit(1000);
}
