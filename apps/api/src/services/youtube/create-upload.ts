// POST /youtube/upload: the form streams in (files checked by their bytes and sizes, stored
// under keys we make), the fields are checked, then the record and its job are written in one
// transaction. Whatever fails, the files written for this request are removed.
import type { FetchPolicy } from '@scrapper/integrations/url-guard';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { UPLOAD_DEFAULTS, UPLOAD_LIMITS, UploadFieldsSchema, type Upload, type UploadFields } from '@scrapper/contracts/http/youtube-uploads';
import { fromJakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import type { Database } from '@scrapper/db/client';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import { findDownload, type DownloadWithOwner } from '@scrapper/db/queries/downloads';
import { insertYouTubeUpload } from '@scrapper/db/queries/youtube';
import type { Storage } from '@scrapper/integrations/storage/storage';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findAccountFor } from './accounts.ts';
import { checkSourceUrl } from './check-source-url.ts';
import { reauthRequired } from './google-failure.ts';
import { receiveMultipart, type FileRule, type FileSink, type ReceivedForm } from './receive-multipart.ts';
import { sniffAudio, sniffImage, sniffVideo } from './sniff-media.ts';
import { removeStoredFiles } from './stored-files.ts';
import { toUploadDto } from './to-upload-dto.ts';
import { canReach } from '../../lib/owner-scope.ts';

/** A scheduled time must leave the worker time to upload before it. */
export const MIN_SCHEDULE_LEAD_MS = 5 * 60 * 1000;
/** YouTube accepts far-off dates; half a year keeps typos (2062 for 2026) out. */
export const MAX_SCHEDULE_AHEAD_MS = 183 * 24 * 3600 * 1000;

const VIDEO_MIME: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  ts: 'video/mp2t',
};
const AUDIO_MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};

// Browsers send application/octet-stream for containers they do not know (mkv, ts): the
// bytes decide then.
const isOctetStream = (mime: string) => mime === 'application/octet-stream';

export function videoRule(maxBytes: number): FileRule {
  return {
    label: 'File video',
    maxBytes,
    acceptsMime: (mime) => mime.startsWith('video/') || isOctetStream(mime),
    sniff: (head) => {
      const ext = sniffVideo(head);
      return ext ? { ext, mime: VIDEO_MIME[ext] ?? 'application/octet-stream' } : undefined;
    },
    typeMessage: 'File video harus berupa video MP4, MOV, WebM, MKV, AVI atau MPEG-TS.',
  };
}

const thumbnailRule: FileRule = {
  label: 'Thumbnail',
  maxBytes: UPLOAD_LIMITS.thumbnailMaxBytes,
  acceptsMime: (mime) => ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png'].includes(mime),
  sniff: sniffImage,
  typeMessage: 'Thumbnail harus berupa gambar JPEG atau PNG.',
};

const audioRule: FileRule = {
  label: 'File audio',
  maxBytes: UPLOAD_LIMITS.audioMaxBytes,
  acceptsMime: (mime) => mime.startsWith('audio/') || isOctetStream(mime),
  sniff: (head) => {
    const ext = sniffAudio(head);
    return ext ? { ext, mime: AUDIO_MIME[ext] ?? 'application/octet-stream' } : undefined;
  },
  typeMessage: 'File audio harus berupa MP3, M4A, AAC, WAV, FLAC, OGG atau WebM.',
};

/** Storage names by form field: the client's file name never reaches a key. */
const STORED_AS: Record<string, string> = { videoFile: 'video', thumbnailFile: 'thumbnail', audioFile: 'audio' };

/** Zod's issues in the API's usual 400 form: `body.field: message; ...`. */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues.map((i) => `${['body', ...i.path.map(String)].join('.')}: ${i.message}`).join('; ');
}

/** The publish time of a scheduled upload, or a 400 saying what is wrong with it. */
export function schedulePublishAt(fields: Pick<UploadFields, 'scheduleDate' | 'scheduleTime'>, now = Date.now()): Date {
  const at = fromJakartaDateTime(fields.scheduleDate ?? '', fields.scheduleTime ?? '');
  if (!at) throw badRequest('body.scheduleDate: tanggal jadwal tidak valid.');
  if (at.getTime() < now + MIN_SCHEDULE_LEAD_MS) {
    throw badRequest('body.scheduleTime: jadwal harus paling cepat 5 menit dari sekarang (waktu Jakarta, WIB).');
  }
  if (at.getTime() > now + MAX_SCHEDULE_AHEAD_MS) throw badRequest('body.scheduleDate: jadwal paling lambat 6 bulan dari sekarang.');
  return at;
}

export interface UploadDeps {
  database: Database;
  boss: Boss;
  storage: Storage;
  fetchPolicy: FetchPolicy;
  maxVideoBytes: number;
}

export async function createUpload(deps: UploadDeps, user: SessionUser, request: FastifyRequest): Promise<Upload> {
  const { database, storage } = deps;
  const uploadId = randomUUID();
  // The id exists only in these keys until the record commits; a failure removes the files.
  const prefix = `uploads/${user.id}/${uploadId}`;
  const sink: FileSink = {
    async write(field, ext, body) {
      const key = `${prefix}/${STORED_AS[field] ?? 'file'}.${ext}`;
      await storage.write(key, body);
      return { target: key };
    },
    discard: (keys) => removeStoredFiles(storage, keys),
  };
  const form = await receiveMultipart(request, { videoFile: videoRule(deps.maxVideoBytes), thumbnailFile: thumbnailRule, audioFile: audioRule }, sink);
  try {
    const account = await checkForm(deps, user, form);
    const row = await database.transaction(async ({ db, sql }) => {
      const inserted = await insertYouTubeUpload(db, uploadValues(uploadId, user.id, account.fields, account.publishAt, form, account.serverFile));
      await enqueue(deps.boss, 'youtube.upload', { uploadId }, { db: bossTransaction(sql), singletonKey: uploadId });
      return inserted;
    });
    return toUploadDto(row, account.accountName);
  } catch (error) {
    await sink.discard(Object.values(form.files).map((f) => f.target));
    throw error;
  }
}

async function checkForm(deps: UploadDeps, user: SessionUser, form: ReceivedForm) {
  const parsed = UploadFieldsSchema.safeParse(form.fields);
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error.issues));
  const fields = parsed.data;
  const sources = [Boolean(form.files.videoFile), Boolean(fields.scraperVideoUrl), Boolean(fields.serverFileId)].filter(Boolean).length;
  if (sources === 0) throw badRequest('Video file is required');
  if (sources > 1) throw badRequest('Pilih salah satu sumber video: file yang diunggah, file di server, atau video hasil scrape.');
  // The file first: another member's file is a 404 whatever the account's state.
  const serverFile = fields.serverFileId ? await findServerFile(deps, user, fields.serverFileId) : null;
  const account = await findAccountFor(deps.database, user, fields.accountId, false);
  if (!account.isValid || !account.clientSecretId) throw reauthRequired();
  const publishAt = fields.publishType === 'schedule' ? schedulePublishAt(fields) : null;
  await checkSourceUrl('body.scraperVideoUrl', fields.scraperVideoUrl, deps.fetchPolicy);
  await checkSourceUrl('body.audioRemixUrl', fields.audioRemixUrl, deps.fetchPolicy);
  return { fields, publishAt, accountName: account.accountName, serverFile };
}

export const SERVER_FILE_NOT_FOUND = 'File tidak ditemukan di File Manager Anda. Pilih file lain atau unduh videonya dulu.';
export const SERVER_FILE_MISSING = 'File ini sudah tidak ada di server (File hilang). Unduh ulang videonya dulu, lalu upload.';
export const SERVER_FILE_NOT_VIDEO = 'File ini berupa audio, bukan video. Pilih file video untuk diupload ke YouTube.';

/**
 * A downloaded file the member may read (their own; admins any), still in storage. Another
 * member's file is "not found", as if it did not exist. Its storage key stays on the download
 * row: the worker reads it from there, and the member's file is never removed by the upload.
 */
async function findServerFile(deps: UploadDeps, user: SessionUser, id: string): Promise<DownloadWithOwner> {
  return findVideoServerFile(deps, user, id, { notFound: SERVER_FILE_NOT_FOUND, missing: SERVER_FILE_MISSING, notVideo: SERVER_FILE_NOT_VIDEO });
}

/** The same look-up for any use of a server file as a video (publishing too), with its own words. */
export async function findVideoServerFile(
  deps: Pick<UploadDeps, 'database' | 'storage'>,
  user: SessionUser,
  id: string,
  messages: { notFound: string; missing: string; notVideo: string },
): Promise<DownloadWithOwner> {
  const row = await findDownload(deps.database.db, id);
  if (!row || !canReach(user, row.ownerId)) throw notFound(messages.notFound);
  if (row.status !== 'completed' || !row.storageKey || row.fileDeletedAt) throw notFound(messages.notFound);
  if (row.quality === 'audio-only' || row.mime?.startsWith('audio/')) throw badRequest(messages.notVideo);
  if (!(await deps.storage.exists(row.storageKey))) throw notFound(messages.missing);
  return row;
}

/** The name the history shows for a server file: its title and the stored file's extension. */
function serverFileName(file: DownloadWithOwner): string {
  const ext = /\.([a-z0-9]{2,4})$/i.exec(file.storageKey ?? '')?.[1] ?? 'mp4';
  return `${file.title}.${ext}`;
}

function uploadValues(id: string, userId: string, fields: UploadFields, publishAt: Date | null, form: ReceivedForm, serverFile: DownloadWithOwner | null) {
  const { videoFile, thumbnailFile, audioFile } = form.files;
  const source = videoFile
    ? {
        sourceKind: 'file' as const,
        sourceUrl: null,
        sourceItemId: null,
        videoStorageKey: videoFile.target,
        videoFileName: videoFile.clientName,
        videoMime: videoFile.mime,
        videoSizeBytes: videoFile.size,
      }
    : serverFile
      ? {
          sourceKind: 'server' as const,
          sourceUrl: null,
          sourceItemId: null,
          sourceDownloadId: serverFile.id,
          videoFileName: serverFileName(serverFile),
          videoMime: serverFile.mime,
          videoSizeBytes: serverFile.sizeBytes,
        }
      : {
          sourceKind: 'url' as const,
          sourceUrl: fields.scraperVideoUrl ?? null,
          sourceItemId: fields.scraperVideoId ?? null,
        };
  const remix = Boolean(audioFile || fields.audioRemixUrl);
  return {
    id,
    userId,
    accountId: fields.accountId,
    title: fields.title,
    description: fields.description,
    tags: fields.tags,
    categoryId: fields.categoryId,
    privacyStatus: fields.privacyStatus,
    publishType: fields.publishType,
    publishAt,
    madeForKids: fields.madeForKids === 'true',
    containsSyntheticMedia: fields.containsSyntheticMedia === 'true',
    videoEffect: fields.videoEffect,
    playlistId: fields.playlistId ?? null,
    ...source,
    thumbnailStorageKey: thumbnailFile?.target ?? null,
    thumbnailMime: thumbnailFile?.mime ?? null,
    audioStorageKey: audioFile?.target ?? null,
    audioRemixUrl: fields.audioRemixUrl ?? null,
    audioStartTime: fields.audioStartTime ?? 0,
    // 0 or empty: the remix follows the video's duration.
    audioEndTime: fields.audioEndTime ? fields.audioEndTime : null,
    audioVolume: fields.audioVolume ?? UPLOAD_DEFAULTS.audioVolume,
    videoVolume: fields.videoVolume ?? (remix ? UPLOAD_DEFAULTS.videoVolumeWithRemix : UPLOAD_DEFAULTS.videoVolume),
    status: fields.publishType === 'schedule' ? ('scheduled' as const) : ('processing' as const),
  };
}
