import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per running worker process, refreshed while it lives and removed when it stops. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  id: uuid('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  queues: text('queues').array().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WorkerHeartbeatRow = typeof workerHeartbeats.$inferSelect;
