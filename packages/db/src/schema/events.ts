import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What changed, for the live updates at GET /api/events (issue 34): one row per change, written
 * in the transaction that makes it (triggers of migration 0025 call `scrapper_announce`, and
 * `announce` in src/events.ts for the rest), and announced with `NOTIFY scrapper_events, '<id>'`.
 * The id is the stream's `id:`; rows are kept for a retention window (the maintenance sweep
 * prunes older ones), which is how far back a reconnect with Last-Event-ID can replay.
 * No payload: the browser refetches what the kind names, through the REST routes' access rules.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The member the change belongs to; null: for admins only (tool warnings). Admins get every row. */
    memberId: uuid('member_id'),
    kind: text('kind').notNull(),
    entityId: text('entity_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('events_entity_idx').on(t.entityId, t.kind, t.createdAt), index('events_created_idx').on(t.createdAt)],
);
export type EventRow = typeof events.$inferSelect;
