import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { deletionRequests, type DeletionRequestRow } from '../schema/notifications.ts';
import { users } from '../schema/users.ts';
import { notifyAdmins } from './notifications.ts';

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

/**
 * A request with the username of the admin who last changed it (null when none or gone) and the
 * member account whose profile email is the request's address (null when none).
 */
export type DeletionRequestWithHandler = DeletionRequestRow & {
  handledByUsername: string | null;
  memberId: string | null;
  memberUsername: string | null;
};

/** The member the request is about: the account with that email (stored lower-cased on both sides). */
const members = alias(users, 'members');

const withHandler = {
  id: deletionRequests.id,
  email: deletionRequests.email,
  ip: deletionRequests.ip,
  status: deletionRequests.status,
  createdAt: deletionRequests.createdAt,
  updatedAt: deletionRequests.updatedAt,
  handledBy: deletionRequests.handledBy,
  handledByUsername: users.username,
  memberId: members.id,
  memberUsername: members.username,
};

/** Rows `offset .. offset + limit` of all requests, newest first, and how many there are in all. */
export async function listDeletionRequests(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ rows: DeletionRequestWithHandler[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select(withHandler)
      .from(deletionRequests)
      .leftJoin(users, eq(users.id, deletionRequests.handledBy))
      .leftJoin(members, eq(sql`lower(${members.email})`, deletionRequests.email))
      .orderBy(desc(deletionRequests.createdAt), desc(deletionRequests.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(deletionRequests),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findDeletionRequest(db: Db, id: string): Promise<DeletionRequestWithHandler | undefined> {
  const [row] = await db
    .select(withHandler)
    .from(deletionRequests)
    .leftJoin(users, eq(users.id, deletionRequests.handledBy))
    .leftJoin(members, eq(sql`lower(${members.email})`, deletionRequests.email))
    .where(eq(deletionRequests.id, id))
    .limit(1);
  return row;
}

/** Sets the status and who set it; undefined when there is no such request. */
export async function updateDeletionRequestStatus(
  db: Db,
  id: string,
  values: { status: string; handledBy: string },
): Promise<DeletionRequestRow | undefined> {
  const [row] = await db
    .update(deletionRequests)
    .set({ status: values.status, handledBy: values.handledBy, updatedAt: new Date() })
    .where(eq(deletionRequests.id, id))
    .returning();
  return row;
}

/**
 * Tells every admin that a request arrived, linking to the admin tab (kind
 * `deletion.requested`: always delivered, someone must act on it). Idempotent per request.
 */
export async function notifyAdminsOfDeletionRequest(db: Db, request: DeletionRequestRow, link: string): Promise<void> {
  await notifyAdmins(db, {
    kind: 'deletion.requested',
    message: `Permintaan hapus data baru dari ${request.email}.`,
    dedupeKey: `deletion-request:${request.id}`,
    link,
  });
}
