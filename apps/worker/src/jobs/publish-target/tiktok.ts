// A TikTok target: FILE_UPLOAD as an inbox draft (default) or a direct post, chunked by TikTok's
// rules. The publish_id and upload URL are committed before the first chunk; a retry asks the
// status first and sends only the chunks TikTok does not hold, or just waits for the outcome.
import { setTimeout as delay } from 'node:timers/promises';
import type { TikTokOptions } from '@scrapper/contracts/http/publish';
import { findClientSecret } from '@scrapper/db/queries/youtube';
import { markPublishAccountForReconnect, withLockedPublishTokens } from '@scrapper/db/queries/publish-accounts';
import { recordTargetRemote, updateTarget } from '@scrapper/db/queries/publish-posts';
import {
  fetchTikTokCreatorInfo,
  fetchTikTokPostStatus,
  withTikTokAccessToken,
  initTikTokPost,
  isTikTokStatusFinal,
  planTikTokChunks,
  sealedTikTokTokenStore,
  tiktokFailedPostError,
  tiktokPostUrl,
  uploadTikTokFile,
} from '@scrapper/integrations/tiktok';
import { prepareFile, TargetStop } from './prepare-file.ts';
import type { SendTarget } from './types.ts';
import type { TargetOutcome } from './finish.ts';

/** Status fetch allows 30 a minute per token: one every 2 s stays within it. */
export const TIKTOK_STATUS_INTERVAL_MS = 2100;

export const sendTikTok: SendTarget = async ({ ctx, rows, jobDir }) => {
  const { target, post, account } = rows;
  if (!account) throw new TargetStop('Akun TikTok tujuan ini sudah dihapus.');
  const { db } = ctx.database;
  const apiBaseUrl = ctx.deps.publish.tiktokApiBaseUrl;
  const client = account.clientSecretId ? await findClientSecret(db, account.clientSecretId) : undefined;
  if (!client) throw new TargetStop(`Aplikasi TikTok untuk akun "${account.name}" sudah dihapus admin. Hubungkan ulang akun ini.`);
  const store = sealedTikTokTokenStore(ctx.deps.secrets, {
    withLockedSealed: (fn) => withLockedPublishTokens(db, account.id, fn),
    markReconnect: async (reason) => void (await markPublishAccountForReconnect(db, account.id, reason)),
  });
  const clientCall = { apiBaseUrl, clientKey: client.clientId, clientSecret: ctx.deps.secrets.open(client.sealedClientSecret), signal: ctx.signal };
  const withToken = <T>(call: (accessToken: string) => Promise<T>) => withTikTokAccessToken(clientCall, store, call);
  const options = (target.options ?? {}) as Partial<TikTokOptions>;
  const mode = options.mode ?? 'inbox';

  let publishId = target.remoteId;
  if (!publishId) {
    let maxDurationSec: number | undefined;
    if (mode === 'direct') {
      // Read again now: the creator may have changed what they offer since the post was made.
      const info = await withToken((accessToken) => fetchTikTokCreatorInfo({ apiBaseUrl, accessToken, signal: ctx.signal }));
      if (!options.privacyLevel || !info.privacyLevelOptions.includes(options.privacyLevel)) {
        throw new TargetStop(`Tingkat privasi yang dipilih tidak lagi ditawarkan akun TikTok "${account.name}". Buat postingan baru dengan tingkat privasi lain.`);
      }
      maxDurationSec = info.maxVideoPostDurationSec;
    }
    const file = await prepareFile(ctx, rows, jobDir, { maxDurationSec });
    const plan = planTikTokChunks(file.size);
    const started = await withToken((accessToken) =>
      mode === 'direct'
        ? initTikTokPost({
            apiBaseUrl,
            accessToken,
            plan,
            signal: ctx.signal,
            mode: 'direct',
            postInfo: {
              title: post.caption,
              privacyLevel: options.privacyLevel as string,
              disableComment: options.disableComment ?? true,
              disableDuet: options.disableDuet ?? true,
              disableStitch: options.disableStitch ?? true,
              brandContentToggle: options.brandContent ?? false,
              brandOrganicToggle: options.brandOrganic ?? false,
            },
          })
        : initTikTokPost({ apiBaseUrl, accessToken, plan, signal: ctx.signal, mode: 'inbox' }),
    );
    // Committed before the first byte: from here on a retry reads this post's status.
    await recordTargetRemote(db, target.id, started.publishId, started.uploadUrl, file.converted);
    publishId = started.publishId;
    await uploadTikTokFile({ uploadUrl: started.uploadUrl, path: file.path, size: file.size, plan, signal: ctx.signal, onProgress: progress(ctx, target.id) });
  } else {
    const known = publishId;
    const status = await withToken((accessToken) => fetchTikTokPostStatus({ apiBaseUrl, accessToken, publishId: known, signal: ctx.signal }));
    if (status.status === 'PROCESSING_UPLOAD' && target.uploadUrl) {
      const file = await prepareFile(ctx, rows, jobDir);
      const plan = planTikTokChunks(file.size);
      await uploadTikTokFile({ uploadUrl: target.uploadUrl, path: file.path, size: file.size, plan, fromByte: status.uploadedBytes ?? 0, signal: ctx.signal, onProgress: progress(ctx, target.id) });
    }
  }

  await updateTarget(db, target.id, { status: 'processing' });
  const sent = publishId;
  for (;;) {
    const status = await withToken((accessToken) => fetchTikTokPostStatus({ apiBaseUrl, accessToken, publishId: sent, signal: ctx.signal }));
    if (isTikTokStatusFinal(status.status)) return outcomeOf(status, sent, account.username);
    await delay(TIKTOK_STATUS_INTERVAL_MS, undefined, { signal: ctx.signal });
  }
};

function outcomeOf(status: Awaited<ReturnType<typeof fetchTikTokPostStatus>>, publishId: string, username: string | null): TargetOutcome {
  if (status.status === 'SEND_TO_USER_INBOX') return { status: 'sent_to_inbox' };
  if (status.status === 'PUBLISH_COMPLETE') {
    const postId = status.publicPostIds[0] ?? null;
    return { status: 'published', remotePostId: postId, link: postId && username ? tiktokPostUrl(username, postId) : null };
  }
  const error = tiktokFailedPostError(status.failReason, publishId);
  return { status: 'failed', reason: error.userMessage, detail: error.detail };
}

/** Uploaded bytes on the row, at most once a second. */
function progress(ctx: Parameters<SendTarget>[0]['ctx'], targetId: string) {
  let last = 0;
  return (sent: number) => {
    if (Date.now() - last < 1000) return;
    last = Date.now();
    void updateTarget(ctx.database.db, targetId, { uploadedBytes: sent }).catch(() => undefined);
  };
}
