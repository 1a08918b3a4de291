// A post's one summary notification (issue 33 item 7: notifications summarise a post, not each
// target), written by whichever transaction made its last target final: the worker finishing a
// target, or the API cancelling the last one still queued.
import { PUBLISH_PLATFORM_LABELS } from '@scrapper/contracts/rules/publish-destinations';
import type { Db } from '../client.ts';
import type { PublishPostRow } from '../schema/publish.ts';
import { notifyUser } from './notifications.ts';
import { FINAL_TARGET_STATUSES, lockPublishPost, targetStatusesOf } from './publish-posts.ts';

const final: ReadonlySet<string> = new Set(FINAL_TARGET_STATUSES);

/**
 * Once every target of the post is final, its owner gets one notification naming what went out,
 * what failed (with the reason) and what was cancelled. A post whose targets were all cancelled
 * says nothing: the member did that themselves; nor does an automation's post that went out (its
 * run's one summary announced it). Call it in the transaction that made a target
 * final; idempotent per post (dedupe key).
 */
export async function summarizePublishPostIfDone(
  db: Db,
  post: Pick<PublishPostRow, 'id' | 'userId' | 'title' | 'caption' | 'automationRunId'>,
): Promise<void> {
  // One transaction at a time per post: two targets ending together see each other's end.
  await lockPublishPost(db, post.id);
  const targets = await targetStatusesOf(db, post.id);
  if (targets.some((t) => !final.has(t.status))) return;
  const done = targets.filter((t) => t.status === 'published' || t.status === 'sent_to_inbox');
  const failed = targets.filter((t) => t.status === 'failed');
  const cancelled = targets.filter((t) => t.status === 'cancelled');
  if (cancelled.length === targets.length) return;
  // An automation's post went out as its run's summary said it would: only a failure is news.
  if (post.automationRunId && failed.length === 0) return;
  const name = (t: (typeof targets)[number]) => `${PUBLISH_PLATFORM_LABELS[t.platform]} (${t.accountName})`;
  const parts = [
    `Publikasi "${post.title ?? post.caption.slice(0, 60)}" selesai: ${done.length} dari ${targets.length} tujuan berhasil.`,
    ...(done.length > 0 ? [`Berhasil: ${done.map(name).join(', ')}.`] : []),
    ...(failed.length > 0 ? [`Gagal: ${failed.map((t) => `${name(t)}: ${t.reason ?? 'tanpa alasan'}`).join('; ')}.`] : []),
    ...(cancelled.length > 0 ? [`Dibatalkan: ${cancelled.map(name).join(', ')}.`] : []),
  ];
  await notifyUser(db, post.userId, {
    kind: failed.length > 0 ? 'publish.failed' : 'publish.done',
    message: parts.join(' '),
    dedupeKey: `publish-post:${post.id}`,
    link: '/publish',
  });
}
