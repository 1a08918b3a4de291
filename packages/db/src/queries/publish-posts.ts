// Publish posts and their targets (issue 33): what the API writes and lists, and what the
// publish.target job reads and moves on. A target's remote id and upload address are written
// (committed) before the first byte; final states are never left again.
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { bossTransaction } from '../queue.ts';
import { downloads } from '../schema/downloads.ts';
import {
  publishAccounts,
  publishPosts,
  publishTargets,
  type PublishAccountRow,
  type PublishPostRow,
  type PublishTargetRow,
  type PublishTargetStatus,
} from '../schema/publish.ts';
import { youtubeAccounts, type YouTubeAccountRow } from '../schema/youtube.ts';
import { recordWebhookEvent, type SendJob, type WebhookTx } from './webhooks.ts';

export const FINAL_TARGET_STATUSES = ['published', 'sent_to_inbox', 'failed', 'cancelled'] as const;
const notFinal = sql`${publishTargets.status} not in ('published', 'sent_to_inbox', 'failed', 'cancelled')`;

export type NewPublishPost = typeof publishPosts.$inferInsert;
export type NewPublishTarget = Omit<typeof publishTargets.$inferInsert, 'postId'>;

/** The post and its targets, in one go (the caller's transaction). */
export async function insertPublishPost(db: Db, post: NewPublishPost, targets: NewPublishTarget[]): Promise<{ post: PublishPostRow; targets: PublishTargetRow[] }> {
  const [row] = await db.insert(publishPosts).values(post).returning();
  if (!row) throw new Error('publish post not inserted');
  const rows = await db
    .insert(publishTargets)
    .values(targets.map((t) => ({ ...t, postId: row.id })))
    .returning();
  return { post: row, targets: rows };
}

/** A target to create, with when its job starts (absent: now). */
export type QueuedTarget = NewPublishTarget & { startAfter?: Date | null };

/**
 * The one way a post is made (the composer's POST /api/publish/posts and an automation's run):
 * the post and its targets, a `post.failed` webhook event for each target refused before any
 * byte, and one publish.target job per other target (singleton by its id: exactly once), all in
 * the caller's transaction. A YouTube target that names its upload (an automation makes the
 * upload row itself, into its posting slot) gets no job: the upload's job carries it out and
 * mirrors its end into the target.
 */
export async function createPublishPostWithJobs(
  tx: WebhookTx,
  send: SendJob,
  post: NewPublishPost,
  targets: QueuedTarget[],
): Promise<{ post: PublishPostRow; targets: PublishTargetRow[] }> {
  const inserted = await insertPublishPost(
    tx.db,
    post,
    targets.map(({ startAfter: _startAfter, ...target }) => target),
  );
  for (const [index, target] of inserted.targets.entries()) {
    if (target.status === 'failed') {
      await recordWebhookEvent(tx, send, {
        ownerId: post.userId,
        event: 'post.failed',
        data: { postId: inserted.post.id, targetId: target.id, platform: target.platform, reason: target.reason, link: '/publish' },
      });
      continue;
    }
    // A YouTube target made with its upload already (an automation's) is the upload job's.
    if (target.youtubeUploadId) continue;
    const startAfter = targets[index]?.startAfter;
    await send('publish.target', { targetId: target.id }, {
      db: bossTransaction(tx.sql),
      singletonKey: target.id,
      ...(startAfter && startAfter.getTime() > Date.now() ? { startAfter } : {}),
    });
  }
  return inserted;
}

/**
 * When the destination's posts publish (a target's own time, else its post's, else when it was
 * made), those not failed or cancelled, from `from` on: what its daily budget counts.
 */
export async function listDestinationPublishTimes(
  db: Db,
  destination: { accountId: string } | { youtubeAccountId: string },
  from: Date,
): Promise<Date[]> {
  const at = sql<Date>`coalesce(${publishTargets.scheduledAt}, ${publishPosts.scheduledAt}, ${publishTargets.createdAt})`;
  const rows = await db
    .select({ at })
    .from(publishTargets)
    .innerJoin(publishPosts, eq(publishPosts.id, publishTargets.postId))
    .where(
      and(
        'accountId' in destination ? eq(publishTargets.accountId, destination.accountId) : eq(publishTargets.youtubeAccountId, destination.youtubeAccountId),
        sql`${publishTargets.status} not in ('failed', 'cancelled')`,
        sql`${at} >= ${from.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => new Date(r.at));
}

/** A target as lists show it: with its destination's name. */
export interface TargetWithName extends PublishTargetRow {
  accountName: string;
}

export interface PostWithTargets {
  post: PublishPostRow;
  fileName: string | null;
  targets: TargetWithName[];
}

async function targetsOf(db: Db, postIds: string[]): Promise<Map<string, TargetWithName[]>> {
  const byPost = new Map<string, TargetWithName[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ target: publishTargets, publishName: publishAccounts.name, youtubeName: youtubeAccounts.accountName })
    .from(publishTargets)
    .leftJoin(publishAccounts, eq(publishAccounts.id, publishTargets.accountId))
    .leftJoin(youtubeAccounts, eq(youtubeAccounts.id, publishTargets.youtubeAccountId))
    .where(inArray(publishTargets.postId, postIds))
    .orderBy(publishTargets.createdAt, publishTargets.id);
  for (const row of rows) {
    const list = byPost.get(row.target.postId) ?? [];
    list.push({ ...row.target, accountName: row.publishName ?? row.youtubeName ?? '' });
    byPost.set(row.target.postId, list);
  }
  return byPost;
}

/** Posts matching `where`, newest first, with their file's name and their targets. */
async function postsWhere(db: Db, where: SQL | undefined, page: { offset: number; limit: number }): Promise<PostWithTargets[]> {
  const rows = await db
    .select({ post: publishPosts, fileName: downloads.title })
    .from(publishPosts)
    .leftJoin(downloads, eq(downloads.id, publishPosts.serverFileId))
    .where(where)
    .orderBy(desc(publishPosts.createdAt), desc(publishPosts.id))
    .offset(page.offset)
    .limit(page.limit);
  const targets = await targetsOf(db, rows.map((r) => r.post.id));
  return rows.map((r) => ({ post: r.post, fileName: r.fileName, targets: targets.get(r.post.id) ?? [] }));
}

/** The owner's posts, newest first, with their targets. */
export async function listPublishPostsOf(db: Db, userId: string, page: { offset: number; limit: number }): Promise<{ posts: PostWithTargets[]; total: number }> {
  const [totalRow] = await db.select({ total: count() }).from(publishPosts).where(eq(publishPosts.userId, userId));
  return { total: totalRow?.total ?? 0, posts: await postsWhere(db, eq(publishPosts.userId, userId), page) };
}

/** The posts an automation run made (one per video it published), newest first, at most `limit`. */
export async function listPublishPostsOfRun(db: Db, runId: string, limit = 200): Promise<PostWithTargets[]> {
  return postsWhere(db, eq(publishPosts.automationRunId, runId), { offset: 0, limit });
}

/** One post with its targets; with `userId`, only that member's (else undefined). */
export async function findPublishPost(db: Db, id: string, userId?: string): Promise<PostWithTargets | undefined> {
  const [row] = await db
    .select({ post: publishPosts, fileName: downloads.title })
    .from(publishPosts)
    .leftJoin(downloads, eq(downloads.id, publishPosts.serverFileId))
    .where(and(eq(publishPosts.id, id), userId ? eq(publishPosts.userId, userId) : undefined));
  if (!row) return undefined;
  const targets = await targetsOf(db, [id]);
  return { post: row.post, fileName: row.fileName, targets: targets.get(id) ?? [] };
}

/** Cancels a target still `queued`; undefined when it is not (any more). */
export async function cancelQueuedTarget(db: Db, postId: string, targetId: string): Promise<PublishTargetRow | undefined> {
  const [row] = await db
    .update(publishTargets)
    .set({ status: 'cancelled', updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(publishTargets.id, targetId), eq(publishTargets.postId, postId), eq(publishTargets.status, 'queued')))
    .returning();
  return row;
}

export interface TargetJobRows {
  target: PublishTargetRow;
  post: PublishPostRow;
  account: PublishAccountRow | null;
  youtubeAccount: YouTubeAccountRow | null;
}

export async function loadTargetForJob(db: Db, targetId: string): Promise<TargetJobRows | undefined> {
  const [row] = await db
    .select({ target: publishTargets, post: publishPosts, account: publishAccounts, youtubeAccount: youtubeAccounts })
    .from(publishTargets)
    .innerJoin(publishPosts, eq(publishPosts.id, publishTargets.postId))
    .leftJoin(publishAccounts, eq(publishAccounts.id, publishTargets.accountId))
    .leftJoin(youtubeAccounts, eq(youtubeAccounts.id, publishTargets.youtubeAccountId))
    .where(eq(publishTargets.id, targetId));
  return row;
}

export interface TargetPatch {
  status?: Exclude<PublishTargetStatus, (typeof FINAL_TARGET_STATUSES)[number]>;
  uploadedBytes?: number;
  converted?: boolean;
  youtubeUploadId?: string;
}

/** Moves a target that is not final yet; false when it is final (cancelled meanwhile...). */
export async function updateTarget(db: Db, id: string, patch: TargetPatch): Promise<boolean> {
  const rows = await db
    .update(publishTargets)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(publishTargets.id, id), notFinal))
    .returning({ id: publishTargets.id });
  return rows.length > 0;
}

/**
 * The platform's id of the post and where its bytes go, saved before the first byte is sent (the
 * caller commits it on its own): a retry finds them and asks the platform instead of starting a
 * second post. Only when none is saved yet.
 */
export async function recordTargetRemote(db: Db, id: string, remoteId: string, uploadUrl: string | null, converted: boolean): Promise<boolean> {
  const rows = await db
    .update(publishTargets)
    .set({ remoteId, uploadUrl, converted, status: 'uploading', updatedAt: sql`now()` })
    .where(and(eq(publishTargets.id, id), isNull(publishTargets.remoteId), notFinal))
    .returning({ id: publishTargets.id });
  return rows.length > 0;
}

/** A final state with what goes with it; false when the target was final already. */
export async function finishTarget(
  db: Db,
  id: string,
  outcome:
    | { status: 'published' | 'sent_to_inbox'; remotePostId?: string | null; link?: string | null }
    | { status: 'failed'; reason: string; detail?: string | null },
): Promise<boolean> {
  const fields =
    outcome.status === 'failed'
      ? { status: outcome.status, reason: outcome.reason, detail: outcome.detail ?? null }
      : { status: outcome.status, remotePostId: outcome.remotePostId ?? null, link: outcome.link ?? null };
  const rows = await db
    .update(publishTargets)
    .set({ ...fields, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(and(eq(publishTargets.id, id), notFinal))
    .returning({ id: publishTargets.id });
  return rows.length > 0;
}

/** The target a YouTube upload carries out, if one does. */
export async function findTargetOfYouTubeUpload(db: Db, uploadId: string): Promise<PublishTargetRow | undefined> {
  const [row] = await db.select().from(publishTargets).where(eq(publishTargets.youtubeUploadId, uploadId));
  return row;
}

/** Statuses of a post's targets (for the summary once every one is final). */
export async function targetStatusesOf(db: Db, postId: string): Promise<{ id: string; platform: PublishTargetRow['platform']; status: PublishTargetStatus; accountName: string; reason: string | null }[]> {
  return db
    .select({
      id: publishTargets.id,
      platform: publishTargets.platform,
      status: publishTargets.status,
      reason: publishTargets.reason,
      accountName: sql<string>`coalesce(${publishAccounts.name}, ${youtubeAccounts.accountName}, '')`,
    })
    .from(publishTargets)
    .leftJoin(publishAccounts, eq(publishAccounts.id, publishTargets.accountId))
    .leftJoin(youtubeAccounts, eq(youtubeAccounts.id, publishTargets.youtubeAccountId))
    .where(eq(publishTargets.postId, postId))
    .orderBy(publishTargets.createdAt, publishTargets.id);
}

/** Locks the post's row: summaries of one post are written one at a time. */
export async function lockPublishPost(db: Db, postId: string): Promise<void> {
  await db.select({ id: publishPosts.id }).from(publishPosts).where(eq(publishPosts.id, postId)).for('update');
}

