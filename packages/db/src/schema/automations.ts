import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AutomationConfig, AutomationRunCounts, AutomationRunStage, AutomationRunStatus } from '@scrapper/contracts/http/automations';
import { downloadBatches, downloads } from './downloads.ts';
import { scrapeTasks } from './scrape-tasks.ts';
import { users } from './users.ts';
import { youtubeUploads } from './youtube.ts';

/**
 * A member's automation (issue 19): a saved scrape source, a schedule, item filters and what to
 * do with new items (download; optionally schedule them on YouTube). `config` is the contract's
 * AutomationConfig, validated by the API before it is written.
 */
export const automations = pgTable(
  'automations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    config: jsonb('config').$type<AutomationConfig>().notNull(),
    status: text('status', { enum: ['active', 'paused'] }).notNull().default('active'),
    /** Why it was paused by the product (three failed runs in a row); null when the owner paused it. */
    pausedReason: text('paused_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /**
     * When the scheduler starts it next. The scheduler claims a due row by moving this forward
     * in the same UPDATE, so one instance among many gets it, once.
     */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('automations_owner_idx').on(t.ownerId, t.createdAt),
    index('automations_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'active'`),
  ],
);
export type AutomationRow = typeof automations.$inferSelect;

/**
 * One run: a scrape task, then a batch of downloads of the new items that passed the filters,
 * then scheduled uploads. At most one unfinished run per automation (a partial unique index):
 * whoever starts a second one while the first runs gets nothing.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
    status: text('status').$type<AutomationRunStatus>().notNull().default('running'),
    stage: text('stage').$type<AutomationRunStage>().notNull().default('queued'),
    scrapeTaskId: uuid('scrape_task_id').references(() => scrapeTasks.id, { onDelete: 'set null' }),
    batchId: uuid('batch_id').references(() => downloadBatches.id, { onDelete: 'set null' }),
    counts: jsonb('counts')
      .$type<AutomationRunCounts>()
      .notNull()
      .default({ found: 0, filteredOut: {}, new: 0, downloaded: 0, queued: 0, uploaded: 0, failed: 0, rolledOver: 0 }),
    /** Indonesian lines worth knowing (uploads moved to a later day by the quota...). */
    notes: jsonb('notes').$type<string[]>().notNull().default([]),
    /** The scrape's Apify cost in USD, copied from the task when the run ends. */
    usageTotalUsd: numeric('usage_total_usd', { precision: 12, scale: 6, mode: 'number' }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('automation_runs_automation_idx').on(t.automationId, t.startedAt),
    uniqueIndex('automation_runs_one_active_idx').on(t.automationId).where(sql`${t.finishedAt} is null`),
    index('automation_runs_task_idx').on(t.scrapeTaskId),
  ],
);
export type AutomationRunRow = typeof automationRuns.$inferSelect;

/**
 * Every item an automation ever took (platform + item id). The primary key is what makes "never
 * downloaded or published twice by the same automation" hold across retries and killed
 * workers: a run takes an item by inserting its row (ON CONFLICT DO NOTHING), in the same
 * transaction that queues its download.
 */
export const automationItems = pgTable(
  'automation_items',
  {
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    /** `platform:itemId`. */
    itemKey: text('item_key').notNull(),
    runId: uuid('run_id').references(() => automationRuns.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    /** Trimmed, lower-cased title (titleKey): what "skip duplicate titles" compares. */
    titleKey: text('title_key').notNull().default(''),
    author: text('author').notNull().default(''),
    platform: text('platform').notNull(),
    downloadId: uuid('download_id').references(() => downloads.id, { onDelete: 'set null' }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    uploadId: uuid('upload_id').references(() => youtubeUploads.id, { onDelete: 'set null' }),
    /**
     * The publish post that carries the item to the automation's destinations (issue 33; before
     * it, `upload_id`). No foreign key: publish.ts already points here (automation_run_id), and a
     * cycle between the two schema modules is not worth it; posts are only removed with their owner.
     */
    publishPostId: uuid('publish_post_id'),
    /** Title, description and tags prepared for the item (Gemini's or the template's) before the post is made. */
    metadata: jsonb('metadata').$type<{ title: string; description: string; tags: string[]; note?: string }>(),
    /** When the item's upload goes public (its posting slot). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.automationId, t.itemKey] }),
    index('automation_items_run_idx').on(t.runId),
    index('automation_items_title_idx').on(t.automationId, t.titleKey),
  ],
);
export type AutomationItemRow = typeof automationItems.$inferSelect;
