// POST /media/preview-effect: the member's video into a private temp folder, five seconds of it
// rendered with the effect, streamed back as MP4; the folder goes when the answer is done, the
// client went away, or anything failed. Renders are few at a time per process (ffmpeg is heavy).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS, VideoEffectSchema } from '@scrapper/contracts/http/youtube-uploads';
import { FfmpegError } from '@scrapper/integrations/ffmpeg';
import { renderEffectPreview } from '@scrapper/integrations/video-effects';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.ts';
import type { ConcurrencyGate } from './concurrency-gate.ts';
import { videoRule } from './create-upload.ts';
import { receiveMultipart, type FileSink } from './receive-multipart.ts';

export const PREVIEW_SECONDS = 5;
export const NONE_EFFECT_MESSAGE = 'Pilih efek selain none untuk preview.';

export interface PreviewDeps {
  gate: ConcurrencyGate;
  /** DATA_DIR/tmp: private folders are made inside. */
  tempRoot: string;
  maxVideoBytes: number;
  ffmpegPath: string;
  ffprobePath: string;
}

/** Aborts when the client goes away before the answer is complete. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export async function previewEffect(deps: PreviewDeps, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const release = deps.gate.tryEnter();
  if (!release) throw tooManyRequests('Server sedang membuat preview lain. Coba lagi beberapa detik lagi.', 5);
  const signal = clientGone(reply);
  await mkdir(deps.tempRoot, { recursive: true });
  // mkdtemp makes the folder 0700: other local users cannot read the member's video.
  const dir = await mkdtemp(join(deps.tempRoot, 'preview-'));
  const removeDir = () => rm(dir, { recursive: true, force: true }).catch(() => undefined);
  let handedOver = false;
  try {
    const sink: FileSink = {
      async write(_field, ext, body) {
        const path = join(dir, `input.${ext}`);
        await pipeline(body, createWriteStream(path, { mode: 0o600 }));
        return { target: path };
      },
      discard: async (paths) => {
        await Promise.all(paths.map((path) => rm(path, { force: true })));
      },
    };
    const maxBytes = Math.min(UPLOAD_LIMITS.previewVideoMaxBytes, deps.maxVideoBytes);
    const form = await receiveMultipart(request, { videoFile: videoRule(maxBytes) }, sink);
    const effect = VideoEffectSchema.safeParse(form.fields.effect);
    if (!effect.success) throw badRequest(`body.effect: ${effect.error.issues[0]?.message ?? 'Efek video tidak dikenal.'}`);
    if (effect.data === 'none') throw badRequest(NONE_EFFECT_MESSAGE);
    const video = form.files.videoFile;
    if (!video) throw badRequest('Video file is required');

    const output = join(dir, 'preview.mp4');
    try {
      await renderEffectPreview({
        input: video.target,
        output,
        effect: effect.data,
        seconds: PREVIEW_SECONDS,
        signal,
        ffmpeg: deps.ffmpegPath,
        ffprobe: deps.ffprobePath,
      });
    } catch (error) {
      if (signal.aborted) throw new AppError(499, 'Permintaan dibatalkan oleh klien.');
      // A container we do not process (avi) or a file without a video stream.
      if (error instanceof FfmpegError && error.kind === 'unsupported') throw badRequest(error.message);
      request.log.warn({ err: error }, 'effect preview failed');
      throw new AppError(422, 'Video tidak dapat diproses untuk preview. Pastikan file video tidak rusak.');
    }
    release();
    const { size } = await stat(output);
    reply.raw.once('close', () => void removeDir());
    handedOver = true;
    return reply
      .code(200)
      .header('content-type', 'video/mp4')
      .header('content-length', String(size))
      .header('cache-control', 'no-store')
      .send(createReadStream(output));
  } finally {
    release();
    if (!handedOver) await removeDir();
  }
}
