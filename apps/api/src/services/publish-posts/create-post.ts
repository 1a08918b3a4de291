// POST /api/publish/posts: one server file to a set of the caller's destinations. Everything a
// platform would refuse is refused here, before any byte leaves: another member's file or
// account (404), an account to reconnect (409), options of another platform, a TikTok direct
// post without a privacy level the creator offers, a YouTube post without a title (400). The
// file is probed once and judged against each destination's rules: a destination it cannot fit
// becomes a `failed` target with the reason (400 when no destination is left). Then the post,
// its targets and one job per target commit together.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { CreatePostBody, PostTarget, PublishDestination } from '@scrapper/contracts/http/publish';
import { DESTINATION_FILE_RULES, PUBLISH_PLATFORM_LABELS, type PublishPlatformId } from '@scrapper/contracts/rules/publish-destinations';
import type { Database } from '@scrapper/db/client';
import { enqueue, type Boss } from '@scrapper/db/queue';
import type { DownloadWithOwner } from '@scrapper/db/queries/downloads';
import { findPublishAccount, markPublishAccountForReconnect, withLockedPublishTokens } from '@scrapper/db/queries/publish-accounts';
import { createPublishPostWithJobs, type QueuedTarget } from '@scrapper/db/queries/publish-posts';
import { findClientSecret, findYouTubeAccount } from '@scrapper/db/queries/youtube';
import type { SendJob } from '@scrapper/db/queries/webhooks';
import type { PublishAccountRow } from '@scrapper/db/schema';
import { createFfmpeg } from '@scrapper/integrations/ffmpeg';
import { inspectVideo, judgeFit, type VideoFacts } from '@scrapper/integrations/media-fit';
import { isPublishError } from '@scrapper/integrations/publish-error';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { fetchTikTokCreatorInfo, freshTikTokAccessToken, sealedTikTokTokenStore } from '@scrapper/integrations/tiktok';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findVideoServerFile } from '../youtube/create-upload.ts';
import { toTargetDto } from './to-post-dto.ts';

export interface CreatePostDeps {
  database: Database;
  boss: Boss;
  storage: Storage;
  secrets: SecretBox;
  tiktokApiBaseUrl: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** Where the file is copied to be probed (DATA_DIR/tmp). */
  tempDir: string;
}

export const POST_FILE_NOT_FOUND = 'File tidak ditemukan di File Manager Anda. Pilih file lain atau unduh videonya dulu.';
export const POST_FILE_MISSING = 'File ini sudah tidak ada di server (File hilang). Unduh ulang videonya dulu.';
export const POST_FILE_NOT_VIDEO = 'File ini berupa audio, bukan video. Pilih file video untuk dipublikasikan.';
export const DESTINATION_NOT_FOUND = 'Tujuan publikasi tidak ditemukan di akun Anda. Muat ulang daftar tujuan lalu pilih lagi.';

/** A destination resolved to one of the caller's accounts. */
interface Resolved {
  index: number;
  destination: PublishDestination;
  platform: PublishPlatformId;
  name: string;
  publishAccount: PublishAccountRow | null;
  youtubeAccountId: string | null;
  /** TikTok direct: the creator's longest video. */
  maxDurationSec?: number;
}

const OPTION_KEYS = ['youtube', 'tiktok', 'instagram', 'facebook'] as const;

export async function createPost(deps: CreatePostDeps, user: SessionUser, body: CreatePostBody): Promise<{ id: string; targets: PostTarget[] }> {
  // The file first: another member's file is a 404 whatever the destinations say.
  const file = await findServerFile(deps, user, body.serverFileId);
  const resolved: Resolved[] = [];
  for (const [index, destination] of body.destinations.entries()) resolved.push(await resolveDestination(deps, user, destination, index));
  for (const r of resolved) checkOptions(r, body);
  for (const r of resolved) {
    if (r.platform === 'tiktok' && r.destination.tiktok?.mode === 'direct') await checkTikTokDirect(deps, r);
  }

  const facts = await probeServerFile(deps, file);
  const verdicts = resolved.map((r) => {
    const verdict = judgeFit(facts, DESTINATION_FILE_RULES[r.platform], PUBLISH_PLATFORM_LABELS[r.platform], { maxDurationSec: r.maxDurationSec });
    return verdict.kind === 'refused' ? verdict.reason : null;
  });
  if (verdicts.every((reason) => reason !== null)) {
    throw badRequest(verdicts.map((reason, i) => `${PUBLISH_PLATFORM_LABELS[resolved[i]?.platform ?? 'youtube']} (${resolved[i]?.name}): ${reason}`).join(' '));
  }

  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  const saved = await deps.database.transaction(async (tx) => {
    const targets: QueuedTarget[] = resolved.map((r, i) => {
      const refused = verdicts[i] ?? null;
      return {
        platform: r.platform,
        accountId: r.publishAccount?.id ?? null,
        youtubeAccountId: r.youtubeAccountId,
        options: r.destination[r.platform] ?? {},
        startAfter: scheduledAt,
        ...(refused ? { status: 'failed' as const, reason: refused, finishedAt: new Date() } : {}),
      };
    });
    const send: SendJob = (queue, payload, options) => enqueue(deps.boss, queue, payload, options);
    return createPublishPostWithJobs(tx, send, { userId: user.id, serverFileId: file.id, caption: body.caption, title: body.title ?? null, scheduledAt }, targets);
  });
  const names = new Map(resolved.map((r, i) => [saved.targets[i]?.id, r.name]));
  return { id: saved.post.id, targets: saved.targets.map((t) => toTargetDto({ ...t, accountName: names.get(t.id) ?? '' })) };
}

function findServerFile(deps: CreatePostDeps, user: SessionUser, id: string): Promise<DownloadWithOwner> {
  return findVideoServerFile(deps, user, id, { notFound: POST_FILE_NOT_FOUND, missing: POST_FILE_MISSING, notVideo: POST_FILE_NOT_VIDEO });
}

/** The caller's own account behind a destination id: a publish account, else a YouTube channel. */
async function resolveDestination(deps: CreatePostDeps, user: SessionUser, destination: PublishDestination, index: number): Promise<Resolved> {
  const account = await findPublishAccount(deps.database.db, destination.accountId, user.id);
  if (account) {
    if (account.needsReconnect) {
      throw conflict(`Akun ${PUBLISH_PLATFORM_LABELS[account.platform]} "${account.name}" perlu dihubungkan ulang sebelum dipakai untuk publikasi. ${account.reconnectReason ?? ''}`.trim());
    }
    return { index, destination, platform: account.platform, name: account.name, publishAccount: account, youtubeAccountId: null };
  }
  const channel = await findYouTubeAccount(deps.database.db, destination.accountId);
  if (!channel || channel.userId !== user.id) throw notFound(DESTINATION_NOT_FOUND);
  if (!channel.isValid || !channel.clientSecretId) throw conflict(`Channel YouTube "${channel.accountName}" perlu dihubungkan ulang (re-autentikasi) sebelum dipakai untuk publikasi.`);
  return { index, destination, platform: 'youtube', name: channel.accountName, publishAccount: null, youtubeAccountId: channel.id };
}

function checkOptions(r: Resolved, body: CreatePostBody): void {
  const path = `body.destinations.${r.index}`;
  for (const key of OPTION_KEYS) {
    if (key !== r.platform && r.destination[key] !== undefined) {
      throw badRequest(`${path}.${key}: opsi ${PUBLISH_PLATFORM_LABELS[key]} tidak berlaku untuk tujuan ${PUBLISH_PLATFORM_LABELS[r.platform]} "${r.name}".`);
    }
  }
  if (r.platform === 'youtube' && !body.title) throw badRequest(`body.title: judul YouTube wajib diisi karena channel "${r.name}" termasuk tujuan.`);
}

/** TikTok direct: the privacy level must be one the creator offers now (creator info, fresh token). */
async function checkTikTokDirect(deps: CreatePostDeps, r: Resolved): Promise<void> {
  const account = r.publishAccount;
  if (!account) return;
  const client = account.clientSecretId ? await findClientSecret(deps.database.db, account.clientSecretId) : undefined;
  if (!client) throw conflict(`Aplikasi TikTok untuk akun "${account.name}" sudah dihapus admin. Hubungkan ulang akun ini.`);
  const { db } = deps.database;
  try {
    const store = sealedTikTokTokenStore(deps.secrets, {
      withLockedSealed: (fn) => withLockedPublishTokens(db, account.id, fn),
      markReconnect: async (reason) => void (await markPublishAccountForReconnect(db, account.id, reason)),
    });
    const call = { apiBaseUrl: deps.tiktokApiBaseUrl, clientKey: client.clientId, clientSecret: deps.secrets.open(client.sealedClientSecret) };
    const accessToken = await freshTikTokAccessToken(call, store);
    const info = await fetchTikTokCreatorInfo({ apiBaseUrl: deps.tiktokApiBaseUrl, accessToken });
    const wanted = r.destination.tiktok?.privacyLevel;
    if (!wanted || !info.privacyLevelOptions.includes(wanted)) {
      throw badRequest(
        `body.destinations.${r.index}.tiktok.privacyLevel: akun TikTok "${account.name}" hanya menawarkan tingkat privasi ${info.privacyLevelOptions.join(', ') || '(tidak ada)'}. Pilih salah satunya.`,
      );
    }
    r.maxDurationSec = info.maxVideoPostDurationSec;
  } catch (error) {
    if (!isPublishError(error)) throw error;
    if (error.reconnect) throw conflict(`Akun TikTok "${account.name}" perlu dihubungkan ulang. ${error.userMessage}`);
    throw new AppError(502, `Info kreator TikTok tidak dapat dibaca: ${error.userMessage}`, {}, undefined, error.detail);
  }
}

/** Probes the server file once (a copy in the temp folder, removed afterwards). */
async function probeServerFile(deps: CreatePostDeps, file: DownloadWithOwner): Promise<VideoFacts> {
  const key = file.storageKey as string;
  const ext = /\.(mp4|mov|m4v|webm|mkv)$/i.exec(key)?.[1]?.toLowerCase() ?? 'mp4';
  const dir = join(deps.tempDir, 'publish-check');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.${ext}`);
  try {
    await pipeline(await deps.storage.read(key), createWriteStream(path, { mode: 0o600 }));
    const size = (await deps.storage.size(key)) ?? 0;
    try {
      return await inspectVideo(createFfmpeg({ ffmpeg: deps.ffmpegPath, ffprobe: deps.ffprobePath }), path, size);
    } catch {
      throw badRequest('File ini tidak dapat dibaca sebagai video (ffprobe gagal). Pilih file video lain.');
    }
  } finally {
    await rm(path, { force: true });
  }
}
