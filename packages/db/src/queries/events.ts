// Live updates (issue 34): the events table and its NOTIFY channel. Most changes are announced
// by the triggers of migration 0025 in the transaction that makes them; `announce` is the same
// function for a change no table trigger sees. Readers: each API process's one listener.
import { asc, gt, inArray, lt, sql } from 'drizzle-orm';
import type { LiveEventKind } from '@scrapper/contracts/http/events';
import type { Db } from '../client.ts';
import { events, type EventRow } from '../schema/events.ts';

/** The channel every change is NOTIFYed on; the payload is the event's id only. */
export const EVENTS_CHANNEL = 'scrapper_events';

export interface Announcement {
  /** The member it belongs to; null: for admins only. */
  memberId: string | null;
  kind: LiveEventKind;
  entityId: string | null;
  /** A progress write of a job under way: announced at most once a second per entity. */
  throttle?: boolean;
}

/** Appends an event and NOTIFYs its id, inside the caller's transaction when `db` is one. */
export async function announce(db: Db, a: Announcement): Promise<void> {
  await db.execute(sql`select scrapper_announce(${a.memberId}::uuid, ${a.kind}, ${a.entityId}, ${a.throttle ?? false})`);
}

/** The rows of these ids (a batch of notifications), oldest first. */
export async function findEvents(db: Db, ids: readonly number[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(events).where(inArray(events.id, [...ids])).orderBy(asc(events.id));
}

/** Events after `afterId`, oldest first (a reconnect's replay, a listener's backfill). */
export async function listEventsAfter(db: Db, afterId: number, limit = 1000): Promise<EventRow[]> {
  return db.select().from(events).where(gt(events.id, afterId)).orderBy(asc(events.id)).limit(limit);
}

/** The oldest id still kept (null: none), to tell a replay from a resync. */
export async function findOldestEventId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: sql<string | null>`min(${events.id})` }).from(events);
  return row?.id == null ? null : Number(row.id);
}

/** The newest id (0: none yet): where a fresh stream or listener starts. */
export async function findNewestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${events.id})` }).from(events);
  return row?.id == null ? 0 : Number(row.id);
}

/** The maintenance sweep: events older than the retention window. */
export async function deleteEventsBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(events).where(lt(events.createdAt, before)).returning({ id: events.id });
  return rows.length;
}
