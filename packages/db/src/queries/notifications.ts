import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { notifications, type NotificationRow } from '../schema/notifications.ts';
import { users } from '../schema/users.ts';

export interface NewNotification {
  kind: string;
  message: string;
  dedupeKey: string;
  /** The app page it is about (`/history`, `/admin?tab=tools`); left out, the API derives one from the kind. */
  link?: string | null;
}

/**
 * Idempotent: the same event (dedupe key) notifies a user once. A kind the user switched off on
 * the settings page is not written (only kinds that may be switched off are ever stored there).
 */
export async function notifyUser(db: Db, userId: string, n: NewNotification): Promise<void> {
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, message, dedupe_key, link)
    select ${users.id}, ${n.kind}, ${n.message}, ${n.dedupeKey}, ${n.link ?? null} from ${users}
    where ${users.id} = ${userId} and not (${n.kind} = any(${users.mutedNotificationKinds}))
    on conflict do nothing`);
}

export async function notifyAdmins(db: Db, n: NewNotification): Promise<void> {
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, message, dedupe_key, link)
    select ${users.id}, ${n.kind}, ${n.message}, ${n.dedupeKey}, ${n.link ?? null} from ${users}
    where ${users.role} = 'admin' and not (${n.kind} = any(${users.mutedNotificationKinds}))
    on conflict do nothing`);
}

/** The kinds the user switched off; undefined when there is no such user. */
export async function findMutedNotificationKinds(db: Db, userId: string): Promise<string[] | undefined> {
  const [row] = await db.select({ muted: users.mutedNotificationKinds }).from(users).where(eq(users.id, userId));
  return row?.muted;
}

/** Replaces the kinds the user switched off (the caller has checked each may be). */
export async function setMutedNotificationKinds(db: Db, userId: string, kinds: readonly string[]): Promise<string[] | undefined> {
  const [row] = await db
    .update(users)
    .set({ mutedNotificationKinds: [...new Set(kinds)].sort() })
    .where(eq(users.id, userId))
    .returning({ muted: users.mutedNotificationKinds });
  return row?.muted;
}

/**
 * Newest first, in the nulls order of notifications_user_created_idx (`desc nulls last`; a plain
 * `desc` means nulls first, which that index cannot serve: every row of the user was sorted).
 * created_at is never null: the same rows in the same order.
 */
export async function listNotifications(db: Db, userId: string, limit = 50): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(sql`${notifications.createdAt} desc nulls last`, desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/**
 * Marks a notification read: the user's own, or anyone's when userId is null (admins).
 * Undefined when there is no such notification the caller may reach.
 */
export async function markNotificationRead(db: Db, userId: string | null, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(userId ? and(eq(notifications.id, id), eq(notifications.userId, userId)) : eq(notifications.id, id))
    .returning();
  return row;
}

/** Marks every unread notification of the user read; how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
