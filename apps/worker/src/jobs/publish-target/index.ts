// publish.target: one destination of a post (issue 33). The platform's sender gets the file out
// (checked and converted only where that makes it fit), records the remote id before the first
// byte and waits for the platform's outcome; this handler writes the outcome with its webhook
// and the post's summary, and turns failures into a retry or a final reason.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { markPublishAccountForReconnect } from '@scrapper/db/queries/publish-accounts';
import { loadTargetForJob, type TargetJobRows } from '@scrapper/db/queries/publish-posts';
import { isPublishError } from '@scrapper/integrations/publish-error';
import { shouldRetry } from '@scrapper/integrations/retry';
import type { JobContext, JobHandler } from '../types.ts';
import { finishTargetNow, type TargetOutcome } from './finish.ts';
import { sendFacebook, sendInstagram } from './meta.ts';
import { removeConverted, TargetStop } from './prepare-file.ts';
import { sendTikTok } from './tiktok.ts';
import type { SendTarget } from './types.ts';
import { sendYouTube } from './youtube.ts';

const SENDERS: Record<TargetJobRows['target']['platform'], SendTarget> = {
  youtube: sendYouTube,
  tiktok: sendTikTok,
  instagram: sendInstagram,
  facebook: sendFacebook,
};

const FINAL = new Set(['published', 'sent_to_inbox', 'failed', 'cancelled']);

function accountNameOf(rows: TargetJobRows): string {
  return rows.account?.name ?? rows.youtubeAccount?.accountName ?? '';
}

export const publishTarget: JobHandler<'publish.target'> = async ({ targetId }, ctx) => {
  const rows = await loadTargetForJob(ctx.database.db, targetId);
  if (!rows) return;
  if (FINAL.has(rows.target.status)) {
    await removeConverted(ctx, rows);
    return;
  }
  const jobDir = join(ctx.deps.tempDir, 'publish', targetId);
  try {
    const outcome = await SENDERS[rows.target.platform]({ ctx, rows, jobDir });
    if (outcome === 'handed-over') return;
    await finish(ctx, rows, outcome);
  } catch (error) {
    await handleFailure(ctx, rows, error);
  } finally {
    await rm(jobDir, { recursive: true, force: true });
  }
};

async function finish(ctx: JobContext, rows: TargetJobRows, outcome: TargetOutcome): Promise<void> {
  // Read again: the sender moved it on (remote id, converted) since `rows` was loaded.
  const now = (await loadTargetForJob(ctx.database.db, rows.target.id)) ?? rows;
  await finishTargetNow(ctx.database, ctx.enqueue, { target: now.target, post: now.post, accountName: accountNameOf(now) }, outcome);
  await removeConverted(ctx, now);
}

async function handleFailure(ctx: JobContext, rows: TargetJobRows, error: unknown): Promise<void> {
  // Shutdown or expiry: pg-boss hands the job to another attempt, which resumes it.
  if (ctx.signal.aborted) throw error;
  if (error instanceof TargetStop) return finish(ctx, rows, { status: 'failed', reason: error.message, detail: error.detail });
  if (isPublishError(error)) {
    if (error.reconnect && rows.account) await markPublishAccountForReconnect(ctx.database.db, rows.account.id, error.userMessage);
    if (!error.reconnect && shouldRetry(error, ctx)) {
      ctx.log.warn({ targetId: rows.target.id, err: error }, `publish attempt ${ctx.retryCount + 1} failed, retrying`);
      throw error;
    }
    return finish(ctx, rows, { status: 'failed', reason: error.userMessage, detail: error.detail });
  }
  // Our own trouble (ffmpeg, storage, database) is worth another attempt.
  if (shouldRetry(error, ctx)) throw error;
  const message = error instanceof Error ? error.message : String(error);
  return finish(ctx, rows, { status: 'failed', reason: `Publikasi gagal karena gangguan di server Scrapper. Coba publikasikan lagi nanti.`, detail: message });
}
