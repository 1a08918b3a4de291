import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ToolCheckOutcome, WorkerToolReport } from '@scrapper/contracts/http/tools';

/** One row per running worker process, refreshed while it lives and removed when it stops. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  id: uuid('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  queues: text('queues').array().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** What the worker runs: yt-dlp (version, source, JS runtime), ffmpeg, ffprobe; null until reported. */
  tools: jsonb('tools').$type<WorkerToolReport>(),
});

export type WorkerHeartbeatRow = typeof workerHeartbeats.$inferSelect;

/**
 * Every update check of a machine's managed yt-dlp (one at a time across all workers, through an
 * advisory lock): what the release server offered and how it ended. Admins see the last per host.
 */
export const toolUpdateChecks = pgTable(
  'tool_update_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tool: text('tool').notNull().default('yt-dlp'),
    hostname: text('hostname').notNull(),
    workerId: uuid('worker_id'),
    outcome: text('outcome').$type<ToolCheckOutcome>().notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    latestVersion: text('latest_version'),
    /** In Indonesian, for the admin. */
    message: text('message').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_update_checks_host_idx').on(t.tool, t.hostname, t.finishedAt.desc())],
);
export type ToolUpdateCheckRow = typeof toolUpdateChecks.$inferSelect;
