// A target's final state, its webhook event (`post.published` / `post.failed`) and, once every
// target of the post is final, the post's one summary notification: all in one transaction, so a
// worker dying between them loses nothing (the retry finds the target final and stops).
import { PUBLISH_PLATFORM_LABELS } from '@scrapper/contracts/rules/publish-destinations';
import type { Database } from '@scrapper/db/client';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { FINAL_TARGET_STATUSES, finishTarget, lockPublishPost, targetStatusesOf } from '@scrapper/db/queries/publish-posts';
import { recordWebhookEvent, type SendJob } from '@scrapper/db/queries/webhooks';
import type { PublishPostRow, PublishTargetRow } from '@scrapper/db/schema';

export type TargetOutcome =
  | { status: 'published' | 'sent_to_inbox'; remotePostId?: string | null; link?: string | null }
  | { status: 'failed'; reason: string; detail?: string | null };

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Writes the outcome in the caller's transaction; false when the target was final already. */
export async function finishTargetIn(
  { db, sql }: Tx,
  send: SendJob,
  rows: { target: PublishTargetRow; post: PublishPostRow; accountName: string },
  outcome: TargetOutcome,
): Promise<boolean> {
  const { target, post } = rows;
  if (!(await finishTarget(db, target.id, outcome))) return false;
  await recordWebhookEvent({ db, sql }, send, {
    ownerId: post.userId,
    event: outcome.status === 'failed' ? 'post.failed' : 'post.published',
    data: {
      postId: post.id,
      targetId: target.id,
      platform: target.platform,
      account: rows.accountName,
      status: outcome.status,
      ...(outcome.status === 'failed' ? { reason: outcome.reason } : { link: outcome.link ?? null, remoteId: target.remoteId }),
      link: '/publish',
    },
  });
  await summarizeIfDone(db, post);
  return true;
}

export async function finishTargetNow(
  database: Database,
  send: SendJob,
  rows: { target: PublishTargetRow; post: PublishPostRow; accountName: string },
  outcome: TargetOutcome,
): Promise<boolean> {
  return database.transaction((tx) => finishTargetIn(tx, send, rows, outcome));
}

const final: ReadonlySet<string> = new Set(FINAL_TARGET_STATUSES);

/** One notification per post, when its last target became final (a summary, not one per target). */
async function summarizeIfDone(db: Tx['db'], post: PublishPostRow): Promise<void> {
  // One transaction at a time per post: two targets ending together see each other's end.
  await lockPublishPost(db, post.id);
  const targets = await targetStatusesOf(db, post.id);
  if (targets.some((t) => !final.has(t.status))) return;
  const done = targets.filter((t) => t.status === 'published' || t.status === 'sent_to_inbox');
  const failed = targets.filter((t) => t.status === 'failed');
  const name = (t: (typeof targets)[number]) => `${PUBLISH_PLATFORM_LABELS[t.platform]} (${t.accountName})`;
  const parts = [
    `Publikasi "${post.title ?? post.caption.slice(0, 60)}" selesai: ${done.length} dari ${targets.length} tujuan berhasil.`,
    ...(done.length > 0 ? [`Berhasil: ${done.map(name).join(', ')}.`] : []),
    ...(failed.length > 0 ? [`Gagal: ${failed.map((t) => `${name(t)}: ${t.reason ?? 'tanpa alasan'}`).join('; ')}.`] : []),
  ];
  await notifyUser(db, post.userId, {
    kind: failed.length > 0 ? 'publish.failed' : 'publish.done',
    message: parts.join(' '),
    dedupeKey: `publish-post:${post.id}`,
    link: '/publish',
  });
}
