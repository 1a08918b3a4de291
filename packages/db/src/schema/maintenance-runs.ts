import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { MaintenanceResult, MaintenanceRunStatus } from '@scrapper/contracts/http/system';
import { users } from './users.ts';

export const maintenanceRuns = pgTable('maintenance_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: text('status').$type<MaintenanceRunStatus>().notNull().default('queued'),
  result: jsonb('result').$type<MaintenanceResult>(),
  error: text('error'),
  /** What started the run: an admin's button, the 15-minute schedule, or a worker's start. */
  trigger: text('trigger').$type<'admin' | 'schedule' | 'start'>().notNull().default('admin'),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  workerId: uuid('worker_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export type MaintenanceRunRow = typeof maintenanceRuns.$inferSelect;
