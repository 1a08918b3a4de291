import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AutomationConfig, AutomationRunStage } from '@scrapper/contracts/http/automations';
import type { Db } from '../client.ts';
import { automationItems, automationRuns, automations, type AutomationItemRow, type AutomationRunRow, type AutomationRow } from '../schema/automations.ts';
import { downloads } from '../schema/downloads.ts';
import { users } from '../schema/users.ts';
import { youtubeUploads } from '../schema/youtube.ts';

export type AutomationWithOwner = AutomationRow & { ownerUsername: string };

const withOwner = { a: automations, ownerUsername: users.username };
const flatten = (rows: Array<{ a: AutomationRow; ownerUsername: string }>): AutomationWithOwner[] =>
  rows.map((r) => ({ ...r.a, ownerUsername: r.ownerUsername }));

// ---------------------------------------------------------------------------------------------
// Automations

/**
 * Inserts the member's automation unless they have `limit` already: undefined then. Holds the
 * member's lock until the transaction ends, so two saves at once cannot both pass the count.
 */
export async function insertAutomationWithinLimit(
  db: Db,
  values: { ownerId: string; name: string; config: AutomationConfig; nextRunAt: Date },
  limit: number,
): Promise<AutomationRow | undefined> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`automations:${values.ownerId}`}))`);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(automations).where(eq(automations.ownerId, values.ownerId));
  if ((count?.n ?? 0) >= limit) return undefined;
  return insertAutomation(db, values);
}

export async function insertAutomation(
  db: Db,
  values: { ownerId: string; name: string; config: AutomationConfig; nextRunAt: Date },
): Promise<AutomationRow> {
  const [row] = await db.insert(automations).values(values).returning();
  if (!row) throw new Error('insert into automations returned no row');
  return row;
}

export async function findAutomation(db: Db, id: string): Promise<AutomationWithOwner | undefined> {
  const rows = await db.select(withOwner).from(automations).innerJoin(users, eq(users.id, automations.ownerId)).where(eq(automations.id, id)).limit(1);
  return flatten(rows)[0];
}

/** Newest first; `ownerId` null: everyone's (admins). */
export async function listAutomations(
  db: Db,
  ownerId: string | null,
  page: { offset: number; limit: number },
): Promise<{ rows: AutomationWithOwner[]; total: number }> {
  const where = ownerId ? eq(automations.ownerId, ownerId) : undefined;
  const rows = await db
    .select(withOwner)
    .from(automations)
    .innerJoin(users, eq(users.id, automations.ownerId))
    .where(where)
    .orderBy(desc(automations.createdAt), desc(automations.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(automations).where(where);
  return { rows: flatten(rows), total: total?.n ?? 0 };
}

export async function updateAutomation(
  db: Db,
  id: string,
  patch: Partial<Pick<AutomationRow, 'name' | 'config' | 'nextRunAt' | 'status' | 'pausedReason' | 'consecutiveFailures'>>,
  now = new Date(),
): Promise<AutomationRow | undefined> {
  const [row] = await db.update(automations).set({ ...patch, updatedAt: now }).where(eq(automations.id, id)).returning();
  return row;
}

export async function deleteAutomation(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(automations).where(eq(automations.id, id)).returning({ id: automations.id });
  return rows.length > 0;
}

/**
 * Claims the active automations due at `now`: locks them (SKIP LOCKED: another instance
 * claiming at the same moment takes the others, never the same), moves each one's next run
 * forward with `next` (computed from now: a long outage fires once, not once per missed slot)
 * and returns them. Call inside a transaction that also starts their runs.
 */
export async function claimDueAutomations(
  db: Db,
  now: Date,
  next: (row: AutomationRow) => Date,
  limit = 50,
): Promise<AutomationRow[]> {
  const due = await db
    .select()
    .from(automations)
    .where(and(eq(automations.status, 'active'), lte(automations.nextRunAt, now)))
    .orderBy(automations.nextRunAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed: AutomationRow[] = [];
  for (const row of due) {
    const [updated] = await db
      .update(automations)
      .set({ nextRunAt: next(row) })
      .where(and(eq(automations.id, row.id), eq(automations.status, 'active'), lte(automations.nextRunAt, now)))
      .returning();
    if (updated) claimed.push(updated);
  }
  return claimed;
}

// ---------------------------------------------------------------------------------------------
// Runs

/**
 * Starts a run unless one is unfinished (the partial unique index decides, whoever asks:
 * scheduler or "Jalankan sekarang"). Undefined: a run is already under way.
 */
export async function insertRunIfIdle(
  db: Db,
  automationId: string,
  trigger: 'schedule' | 'manual',
  now = new Date(),
): Promise<AutomationRunRow | undefined> {
  const [row] = await db
    .insert(automationRuns)
    .values({ automationId, trigger, startedAt: now })
    .onConflictDoNothing({ target: automationRuns.automationId, where: sql`${automationRuns.finishedAt} is null` })
    .returning();
  if (row) await db.update(automations).set({ lastRunAt: now }).where(eq(automations.id, automationId));
  return row;
}

export async function findRun(db: Db, id: string): Promise<AutomationRunRow | undefined> {
  const [row] = await db.select().from(automationRuns).where(eq(automationRuns.id, id)).limit(1);
  return row;
}

/** The run, locked for the rest of the transaction: one worker advances it at a time. */
export async function lockRun(db: Db, id: string): Promise<AutomationRunRow | undefined> {
  const [row] = await db.select().from(automationRuns).where(eq(automationRuns.id, id)).for('update').limit(1);
  return row;
}

export async function updateRun(
  db: Db,
  id: string,
  patch: Partial<Pick<AutomationRunRow, 'stage' | 'status' | 'scrapeTaskId' | 'batchId' | 'counts' | 'notes' | 'usageTotalUsd' | 'error' | 'finishedAt'>>,
): Promise<void> {
  await db.update(automationRuns).set(patch).where(eq(automationRuns.id, id));
}

export async function listRuns(
  db: Db,
  automationId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: AutomationRunRow[]; total: number }> {
  const rows = await db
    .select()
    .from(automationRuns)
    .where(eq(automationRuns.automationId, automationId))
    .orderBy(desc(automationRuns.startedAt), desc(automationRuns.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(automationRuns).where(eq(automationRuns.automationId, automationId));
  return { rows, total: total?.n ?? 0 };
}

/** The newest run of each automation. */
export async function latestRuns(db: Db, automationIds: readonly string[]): Promise<Map<string, AutomationRunRow>> {
  if (automationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([automationRuns.automationId])
    .from(automationRuns)
    .where(inArray(automationRuns.automationId, [...automationIds]))
    .orderBy(automationRuns.automationId, desc(automationRuns.startedAt), desc(automationRuns.id));
  return new Map(rows.map((r) => [r.automationId, r]));
}

/** Unfinished runs at a stage (the scheduler's tick nudges them: a lost continuation is found). */
export async function listUnfinishedRuns(db: Db, stages: readonly AutomationRunStage[], limit = 100): Promise<AutomationRunRow[]> {
  return db
    .select()
    .from(automationRuns)
    .where(and(isNull(automationRuns.finishedAt), inArray(automationRuns.stage, [...stages])))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Items

/**
 * Takes items for a run: inserts their rows, skipping those the automation took before (by any
 * run, retries and killed workers included). Returns the keys that are new.
 */
export async function takeItems(
  db: Db,
  rows: ReadonlyArray<Pick<AutomationItemRow, 'automationId' | 'itemKey' | 'runId' | 'title' | 'titleKey' | 'author' | 'platform'>>,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db.insert(automationItems).values([...rows]).onConflictDoNothing().returning({ itemKey: automationItems.itemKey });
  return new Set(inserted.map((r) => r.itemKey));
}

export async function setItemDownload(db: Db, automationId: string, itemKey: string, downloadId: string): Promise<void> {
  await db
    .update(automationItems)
    .set({ downloadId })
    .where(and(eq(automationItems.automationId, automationId), eq(automationItems.itemKey, itemKey)));
}

/** Title keys of the items this automation took before (for "skip duplicate titles"). */
export async function listTakenTitleKeys(db: Db, automationId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ key: automationItems.titleKey })
    .from(automationItems)
    .where(and(eq(automationItems.automationId, automationId), sql`${automationItems.titleKey} <> ''`));
  return new Set(rows.map((r) => r.key));
}

/**
 * What the owner already has downloaded: `platform:itemId` keys of the given items whose
 * completed file is still there, and the title keys of all their kept downloads.
 */
export async function ownerDownloads(db: Db, ownerId: string, itemKeys: readonly string[]): Promise<{ keys: Set<string>; titles: Set<string> }> {
  const kept = and(eq(downloads.ownerId, ownerId), eq(downloads.status, 'completed'), isNotNull(downloads.storageKey), isNull(downloads.fileDeletedAt));
  const keys = new Set<string>();
  if (itemKeys.length > 0) {
    const rows = await db
      .select({ platform: downloads.platform, id: downloads.sourceItemId })
      .from(downloads)
      .where(and(kept, inArray(sql<string>`${downloads.platform} || ':' || ${downloads.sourceItemId}`, [...itemKeys])));
    for (const r of rows) keys.add(`${r.platform}:${r.id}`);
  }
  const titles = await db.selectDistinct({ t: sql<string>`lower(btrim(${downloads.title}))` }).from(downloads).where(kept);
  return { keys, titles: new Set(titles.map((r) => r.t).filter((t) => t !== '')) };
}

export interface RunItemState {
  item: AutomationItemRow;
  downloadStatus: string | null;
  /** Why the item's download failed (the run's summary names it). */
  downloadError: string | null;
  storageKey: string | null;
  uploadStatus: string | null;
}

/** The items a run took, with their download's and upload's state. */
export async function listRunItems(db: Db, runId: string): Promise<RunItemState[]> {
  const rows = await db
    .select({
      item: automationItems,
      downloadStatus: downloads.status,
      downloadError: downloads.error,
      storageKey: downloads.storageKey,
      uploadStatus: youtubeUploads.status,
    })
    .from(automationItems)
    .leftJoin(downloads, eq(downloads.id, automationItems.downloadId))
    .leftJoin(youtubeUploads, eq(youtubeUploads.id, automationItems.uploadId))
    .where(eq(automationItems.runId, runId))
    .orderBy(automationItems.createdAt, automationItems.itemKey);
  return rows.map((r) => ({ item: r.item, downloadStatus: r.downloadStatus, downloadError: r.downloadError, storageKey: r.storageKey, uploadStatus: r.uploadStatus }));
}

/**
 * Marks the item's publish post (and, with a YouTube destination, the upload that carries it)
 * unless it has one (never twice): false when another got there first.
 */
export async function setItemPost(
  db: Db,
  automationId: string,
  itemKey: string,
  post: { publishPostId: string; uploadId: string | null; publishAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(automationItems)
    .set(post)
    .where(
      and(
        eq(automationItems.automationId, automationId),
        eq(automationItems.itemKey, itemKey),
        isNull(automationItems.uploadId),
        isNull(automationItems.publishPostId),
      ),
    )
    .returning({ k: automationItems.itemKey });
  return rows.length > 0;
}

/** Stores the item's prepared title, description and tags, unless it has them already. */
export async function setItemMetadata(db: Db, automationId: string, itemKey: string, metadata: NonNullable<AutomationItemRow['metadata']>): Promise<void> {
  await db
    .update(automationItems)
    .set({ metadata })
    .where(and(eq(automationItems.automationId, automationId), eq(automationItems.itemKey, itemKey), isNull(automationItems.metadata)));
}

export async function markItemsDownloaded(db: Db, runId: string, at = new Date()): Promise<void> {
  await db.execute(sql`
    update ${automationItems} i set downloaded_at = coalesce(d.finished_at, ${at.toISOString()}::timestamptz)
    from ${downloads} d
    where i.run_id = ${runId} and d.id = i.download_id and d.status = 'completed' and i.downloaded_at is null`);
}

/** Publish times of this automation's posts and uploads still to come (taken posting slots). */
export async function listTakenSlots(db: Db, automationId: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: automationItems.publishAt })
    .from(automationItems)
    .leftJoin(youtubeUploads, eq(youtubeUploads.id, automationItems.uploadId))
    .where(
      and(
        eq(automationItems.automationId, automationId),
        gt(automationItems.publishAt, now),
        sql`(${automationItems.publishPostId} is not null or ${automationItems.uploadId} is not null)`,
        sql`(${youtubeUploads.status} is null or ${youtubeUploads.status} <> 'cancelled')`,
      ),
    );
  return rows.flatMap((r) => (r.at ? [r.at] : []));
}

/** The uploads a run scheduled, by publish time. */
export async function listRunUploads(db: Db, runId: string) {
  return db
    .select({
      uploadId: youtubeUploads.id,
      title: youtubeUploads.title,
      publishAt: youtubeUploads.publishAt,
      status: youtubeUploads.status,
    })
    .from(automationItems)
    .innerJoin(youtubeUploads, eq(youtubeUploads.id, automationItems.uploadId))
    .where(eq(automationItems.runId, runId))
    .orderBy(youtubeUploads.publishAt);
}

/** Work an automation run made: its scrape task, its download batch, or a YouTube upload of its posts. */
export type AutomationWork = { scrapeTaskId: string } | { batchId: string } | { youtubeUploadId: string };

/**
 * Whether an automation run made this work. Such work tells its owner nothing by itself: the
 * run's one summary notification speaks for it (issue 31 item 3). Webhooks are not affected.
 */
export async function isAutomationWork(db: Db, work: AutomationWork): Promise<boolean> {
  const rows =
    'scrapeTaskId' in work
      ? await db.execute(sql`select 1 from ${automationRuns} where ${automationRuns.scrapeTaskId} = ${work.scrapeTaskId} limit 1`)
      : 'batchId' in work
        ? await db.execute(sql`select 1 from ${automationRuns} where ${automationRuns.batchId} = ${work.batchId} limit 1`)
        : await db.execute(sql`
            select 1 from publish_targets t join publish_posts p on p.id = t.post_id
            where t.youtube_upload_id = ${work.youtubeUploadId} and p.automation_run_id is not null
            union all
            select 1 from ${automationItems} where ${automationItems.uploadId} = ${work.youtubeUploadId}
            limit 1`);
  return rows.length > 0;
}
