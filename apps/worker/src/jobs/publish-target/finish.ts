// A target's final state, its webhook event (`post.published` / `post.failed`) and, once every
// target of the post is final, the post's one summary notification: all in one transaction, so a
// worker dying between them loses nothing (the retry finds the target final and stops).
import type { Database } from '@scrapper/db/client';
import { finishTarget } from '@scrapper/db/queries/publish-posts';
import { summarizePublishPostIfDone } from '@scrapper/db/queries/publish-summary';
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
  await summarizePublishPostIfDone(db, post);
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
