// youtube.upload's media: the video as it will go to YouTube (the member's file as it is, or
// built in the job folder with the effect and remix and kept in storage), and the copies that go
// once YouTube has it.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { findDownload } from '@scrapper/db/queries/downloads';
import { setRenderedStorageKey, type UploadJobRows } from '@scrapper/db/queries/youtube-jobs';
import { downloadAudio } from '@scrapper/integrations/audio-lookup';
import { renderVideo } from '@scrapper/integrations/video-effects';
import { formatForQuality } from '@scrapper/integrations/yt-dlp';
import { storeFile } from '../store-file.ts';
import type { JobContext } from '../types.ts';

export class UploadStop extends Error {
  override readonly name = 'UploadStop';
}

/** Said when the member's server file (sourceKind server) is gone by the time the job runs. */
export const SERVER_FILE_GONE_MESSAGE =
  'File video di server sudah dihapus sebelum diupload, jadi upload tidak dapat dilanjutkan. Unduh ulang videonya, lalu upload lagi.';

/**
 * The storage key of the member's downloaded file, read from the download row (never from
 * anything the client sent); an UploadStop when the file was deleted meanwhile.
 */
async function serverFileKey(ctx: JobContext, downloadId: string | null): Promise<string> {
  const download = downloadId ? await findDownload(ctx.database.db, downloadId) : undefined;
  const key = download?.status === 'completed' && !download.fileDeletedAt ? download.storageKey : null;
  if (!key || !(await ctx.deps.storage.exists(key))) throw new UploadStop(SERVER_FILE_GONE_MESSAGE);
  return key;
}

async function copyFromStorage(ctx: JobContext, key: string, path: string): Promise<void> {
  await pipeline(await ctx.deps.storage.read(key), createWriteStream(path, { mode: 0o600 }));
}

export interface PreparedMedia {
  /** The bytes from `start` to the end; the same bytes on every call (a resume depends on it). */
  open: (start: number) => Promise<Readable>;
  size: number;
  mimeType: string;
}

/** Where a rendered video waits in storage while its upload session is open. */
function renderedKeyOf(upload: UploadJobRows['upload']): string {
  return `uploads/${upload.userId}/${upload.id}/rendered.mp4`;
}

/** A file in storage as upload media, or undefined when it is not there (any more). */
async function storedMedia(ctx: JobContext, key: string, mimeType: string): Promise<PreparedMedia | undefined> {
  const size = await ctx.deps.storage.size(key);
  if (size === undefined || size === 0) return undefined;
  return { open: (start) => ctx.deps.storage.read(key, { start, end: size - 1 }), size, mimeType };
}

/** An upload that sends the member's file as it is (no effect, no remix). */
function isUntouched(upload: UploadJobRows['upload']): boolean {
  return (upload.sourceKind === 'file' || upload.sourceKind === 'server') && upload.videoEffect === 'none' && !upload.audioStorageKey && !upload.audioRemixUrl;
}

/**
 * The bytes an open session was started with, if they can still be had exactly: the member's
 * untouched file, or the rendered file kept in storage. Undefined when they cannot (the session
 * is then given up for a new one, which is safe: it never completed).
 */
export async function sameMedia(ctx: JobContext, upload: UploadJobRows['upload'], bytes: number): Promise<PreparedMedia | undefined> {
  let media: PreparedMedia | undefined;
  if (upload.renderedStorageKey) media = await storedMedia(ctx, upload.renderedStorageKey, 'video/mp4');
  else if (isUntouched(upload)) {
    const key = upload.sourceKind === 'server' ? await serverFileKey(ctx, upload.sourceDownloadId) : upload.videoStorageKey;
    if (key) media = await storedMedia(ctx, key, upload.videoMime ?? 'video/mp4');
  }
  return media?.size === bytes ? media : undefined;
}

/**
 * The video as it will go to YouTube. An uploaded file with no effect and no remix streams
 * straight from storage; everything else is built in the job folder first and then kept in
 * storage (rendered_storage_key) until the video id is saved, so a resumed session gets the very
 * same bytes, and a later attempt does not render again.
 */
export async function prepareMedia(ctx: JobContext, rows: UploadJobRows, jobDir: string, setProgress: (p: number, stage: string) => void): Promise<PreparedMedia> {
  const { upload } = rows;
  const effect = upload.videoEffect as VideoEffectName;
  const wantsRemix = Boolean(upload.audioStorageKey || upload.audioRemixUrl);
  if (upload.renderedStorageKey) {
    const kept = await storedMedia(ctx, upload.renderedStorageKey, 'video/mp4');
    if (kept) return kept;
  }
  // The member's downloaded file: read where the download row says, and never removed here.
  const storedKey = upload.sourceKind === 'server' ? await serverFileKey(ctx, upload.sourceDownloadId) : upload.videoStorageKey;
  if (isUntouched(upload) && storedKey) {
    const media = await storedMedia(ctx, storedKey, upload.videoMime ?? 'video/mp4');
    if (!media) throw new UploadStop('File video untuk upload ini tidak ditemukan di penyimpanan. Upload ulang videonya.');
    return media;
  }

  await rm(jobDir, { recursive: true, force: true });
  await mkdir(jobDir, { recursive: true });
  let source: string;
  if ((upload.sourceKind === 'file' || upload.sourceKind === 'server') && storedKey) {
    setProgress(2, 'Menyiapkan video');
    source = join(jobDir, `source${extname(storedKey) || '.mp4'}`);
    await copyFromStorage(ctx, storedKey, source);
  } else if (upload.sourceUrl) {
    setProgress(2, 'Mengunduh video sumber');
    const fetchDir = join(jobDir, 'source');
    await mkdir(fetchDir, { recursive: true });
    const result = await ctx.deps.ytdlp.download({
      url: upload.sourceUrl,
      outputDir: fetchDir,
      format: formatForQuality('best'),
      maxFilesizeBytes: ctx.deps.maxDownloadBytes,
      socketTimeoutSecs: 30,
      signal: ctx.signal,
      onProgress: (p) => {
        if (p.overallPercent !== undefined) setProgress(2 + p.overallPercent * 0.13, 'Mengunduh video sumber');
      },
    });
    source = result.filePath;
  } else {
    throw new UploadStop('Upload ini tidak punya video sumber.');
  }

  let remix = null;
  if (wantsRemix) {
    setProgress(15, 'Mengambil audio remix');
    let audioPath: string;
    if (upload.audioStorageKey) {
      audioPath = join(jobDir, `remix${extname(upload.audioStorageKey) || '.m4a'}`);
      await copyFromStorage(ctx, upload.audioStorageKey, audioPath);
    } else {
      const audioDir = join(jobDir, 'audio');
      await mkdir(audioDir, { recursive: true });
      // The worker's yt-dlp: its program (pinned > managed > PATH), guard proxy and ffmpeg.
      const fetched = await downloadAudio(ctx.deps.ytdlp, {
        url: upload.audioRemixUrl as string,
        dir: audioDir,
        signal: ctx.signal,
        maxBytes: ctx.deps.maxDownloadBytes,
      });
      audioPath = fetched.path;
    }
    remix = {
      audioPath,
      startSeconds: upload.audioStartTime,
      endSeconds: upload.audioEndTime && upload.audioEndTime > 0 ? upload.audioEndTime : null,
      remixVolume: upload.audioVolume,
      originalVolume: upload.videoVolume,
    };
  }

  setProgress(20, effect === 'none' ? 'Mencampur audio' : 'Menerapkan efek video');
  const output = join(jobDir, 'output.mp4');
  await renderVideo({
    ...ctx.deps.ffmpeg.programs,
    input: source,
    output,
    effect,
    remix,
    signal: ctx.signal,
    onProgress: (fraction) => setProgress(20 + fraction * 15, effect === 'none' ? 'Mencampur audio' : 'Menerapkan efek video'),
  });
  const { size } = await stat(output);
  const renderedKey = renderedKeyOf(upload);
  await storeFile(ctx.deps.storage, renderedKey, output);
  await setRenderedStorageKey(ctx.database.db, upload.id, renderedKey);
  return { open: async (start) => createReadStream(output, { start }), size, mimeType: 'video/mp4' };
}

/** The video is on YouTube now: the copies kept for the job (never the member's server file) go. */
export async function removeJobCopies(ctx: JobContext, upload: UploadJobRows['upload']): Promise<void> {
  for (const key of [upload.videoStorageKey, upload.audioStorageKey, upload.thumbnailStorageKey]) {
    if (key) await ctx.deps.storage.remove(key).catch(() => undefined);
  }
}

/** The rendered copy is not needed once YouTube has the video, or the upload ended without it. */
export async function removeRendered(ctx: JobContext, upload: UploadJobRows['upload']): Promise<void> {
  if (!upload.renderedStorageKey) return;
  await ctx.deps.storage.remove(upload.renderedStorageKey).catch(() => undefined);
  await setRenderedStorageKey(ctx.database.db, upload.id, null);
}
