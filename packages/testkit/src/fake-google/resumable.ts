// YouTube's resumable upload protocol (`uploadType=resumable`), as the Data API documents it:
// the POST opens a session (metadata as JSON, X-Upload-Content-Length/-Type) and answers its URL
// in `Location`; PUTs to that URL carry the bytes, whole or in ranges (`Content-Range: bytes
// a-b/N`); an empty PUT with `Content-Range: bytes */N` asks what the session holds: 308 with
// `Range: bytes=0-K` while bytes are missing, 200 with the video once the last byte arrived, 404
// once the session expired. Bytes that arrived before a connection broke stay in the session, as
// on YouTube, so a client resumes from where the session says.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequestError, sendJson } from '../fake-apify/http-io.ts';
import { sendYouTubeError } from './google-errors.ts';
import { isUnaudited } from './quota.ts';
import {
  pause,
  randomId,
  videoId as newVideoId,
  type FakeGoogleState,
  type FakeUpload,
  type FakeUploadSession,
  type FakeUploadSessionPut,
} from './state.ts';
import {
  drain,
  partsOf,
  recordOf,
  videoJson,
  videoProblem,
  type ApiContext,
} from './video-resource.ts';

const METADATA_LIMIT = 1024 * 1024;
const UPLOAD_PATH = '/upload/youtube/v3/videos';

/**
 * `POST /upload/youtube/v3/videos?uploadType=resumable&part=...` with the Video resource as JSON:
 * checks the metadata as videos.insert does and opens a session. This is the call Google counts
 * against the insert bucket (charged by the router before this runs).
 */
export async function startUploadSession(ctx: ApiContext): Promise<void> {
  const { state, req, res, url, grant } = ctx;
  const parts = partsOf(url);
  const metadata = await readJson(req);
  if (!parts.includes('snippet')) {
    sendYouTubeError(res, { reason: 'invalidTitle' });
    return;
  }
  const snippet = recordOf(metadata.snippet);
  const status = parts.includes('status') ? recordOf(metadata.status) : {};
  const problem = videoProblem(snippet, status);
  if (problem) {
    sendYouTubeError(res, problem);
    return;
  }
  const lengthHeader = header(req, 'x-upload-content-length');
  const size = lengthHeader === undefined ? undefined : Number(lengthHeader);
  if (size !== undefined && (!Number.isSafeInteger(size) || size < 0)) {
    sendYouTubeError(res, { reason: 'badRequest', message: 'Invalid X-Upload-Content-Length.' });
    return;
  }
  if (size === 0) {
    sendYouTubeError(res, { reason: 'badRequest', message: 'Media is empty.' });
    return;
  }
  if (size !== undefined && size > state.maxUploadBytes) {
    sendYouTubeError(res, {
      status: 413,
      reason: 'uploadTooLarge',
      message: 'The media is larger than the fake allows',
    });
    return;
  }
  const id = randomId(40);
  const query = new URLSearchParams({ uploadType: 'resumable', part: parts.join(','), upload_id: id });
  const session: FakeUploadSession = {
    id,
    url: `http://${req.headers.host ?? '127.0.0.1'}${UPLOAD_PATH}?${query.toString()}`,
    channelId: grant.channelId,
    clientId: grant.clientId,
    part: parts,
    snippet,
    status,
    notifySubscribers: url.searchParams.get('notifySubscribers') ?? undefined,
    size,
    mimeType: header(req, 'x-upload-content-type') ?? 'application/octet-stream',
    received: 0,
    videoId: undefined,
    expired: false,
    puts: [],
    createdAt: new Date(),
  };
  state.uploadSessions.push(session);
  state.sessionMedia.set(id, { hash: createHash('sha256'), kept: [], keptBytes: 0 });
  res.writeHead(200, { Location: session.url, 'Content-Length': '0' });
  res.end();
}

/**
 * `PUT <session URL>`: a status query (`Content-Range: bytes *\/N`, no body) or media bytes
 * (`Content-Range: bytes a-b/N`, or none for the whole media). Free of quota.
 */
export async function putUploadSession(ctx: ApiContext): Promise<void> {
  const { state, req, res, url } = ctx;
  const session = state.uploadSessions.find((s) => s.id === url.searchParams.get('upload_id'));
  const put: FakeUploadSessionPut = {
    contentRange: header(req, 'content-range'),
    bytes: 0,
    status: 0,
    at: new Date(),
  };
  session?.puts.push(put);
  res.on('finish', () => {
    put.status = res.statusCode;
  });
  if (!session || session.expired) {
    await drain(req);
    sendYouTubeError(res, {
      status: 404,
      reason: 'notFound',
      message: 'The upload session does not exist or has expired.',
    });
    return;
  }
  const range = parseContentRange(put.contentRange);
  if (range === 'invalid') {
    await drain(req);
    sendYouTubeError(res, { reason: 'badRequest', message: `Invalid Content-Range: ${put.contentRange}` });
    return;
  }
  const total = range?.total ?? session.size;
  if (total !== undefined && session.size !== undefined && total !== session.size) {
    await drain(req);
    sendYouTubeError(res, { reason: 'badRequest', message: 'Content-Range total differs from X-Upload-Content-Length.' });
    return;
  }
  session.size ??= total;

  if (range && range.start === undefined) {
    // A status query.
    await drain(req);
    answerState(state, session, res);
    return;
  }
  if (session.videoId) {
    await drain(req);
    answerState(state, session, res);
    return;
  }
  const start = range?.start ?? 0;
  if (start !== session.received || total === undefined) {
    await drain(req);
    sendYouTubeError(res, {
      reason: 'badRequest',
      message: `The upload resumes at byte ${session.received}, not ${start}, and needs its total size.`,
    });
    return;
  }
  await receiveBytes(ctx, session, put, total, range?.end);
}

async function receiveBytes(
  { state, req, res }: ApiContext,
  session: FakeUploadSession,
  put: FakeUploadSessionPut,
  total: number,
  end: number | undefined,
): Promise<void> {
  const media = state.sessionMedia.get(session.id);
  if (!media) throw new Error(`no media kept for session ${session.id}`);
  const channelId = session.channelId;
  const inFlight = (state.inFlightUploads.get(channelId) ?? 0) + 1;
  state.inFlightUploads.set(channelId, inFlight);
  state.stats.maxConcurrentUploadsPerChannel = Math.max(state.stats.maxConcurrentUploadsPerChannel, inFlight);
  const cutAfter = state.cutNextUploadAfter;
  state.cutNextUploadAfter = undefined;
  try {
    for await (const chunk of req) {
      let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      if (cutAfter) bytes = bytes.subarray(0, Math.max(0, cutAfter.bytes - put.bytes));
      if (session.received + bytes.length > total || session.received + bytes.length > state.maxUploadBytes) {
        throw new BadRequestError(413, 'uploadTooLarge', 'More bytes than the session was opened for');
      }
      media.hash.update(bytes);
      if (media.keptBytes + bytes.length <= state.maxKeptUploadBytes) media.kept.push(Buffer.from(bytes));
      media.keptBytes += bytes.length;
      session.received += bytes.length;
      put.bytes += bytes.length;
      state.stats.uploadBytesReceived += bytes.length;
      if (cutAfter && put.bytes >= cutAfter.bytes) {
        // The connection breaks mid-upload: what arrived stays in the session (unless it is
        // to expire, as when the client comes back after the session's week is over).
        state.stats.abortedUploads += 1;
        if (cutAfter.thenExpire) session.expired = true;
        req.socket.destroy();
        return;
      }
    }
    if (end !== undefined && session.received !== end + 1) {
      sendYouTubeError(res, { reason: 'badRequest', message: 'The body does not match its Content-Range.' });
      return;
    }
    if (session.received < total) {
      answerState(state, session, res);
      return;
    }
    const upload = finish(state, session, media);
    await pause(state, state.uploadDelayMs);
    if (state.loseNextUploadAnswer) {
      // YouTube has the video; the answer never reaches the client.
      state.loseNextUploadAnswer = false;
      req.socket.destroy();
      return;
    }
    if (state.holdUploadAnswers) await held(state, req);
    if (req.socket.destroyed) return;
    sendJson(res, 200, videoJson(upload, state.channels.get(channelId), session.part));
  } catch (error) {
    if (req.readableAborted || req.socket.destroyed) state.stats.abortedUploads += 1;
    throw error;
  } finally {
    state.inFlightUploads.set(channelId, (state.inFlightUploads.get(channelId) ?? 1) - 1);
  }
}

/** The last byte arrived: the video exists from now on. */
function finish(
  state: FakeGoogleState,
  session: FakeUploadSession,
  media: { hash: ReturnType<typeof createHash>; kept: Buffer[]; keptBytes: number },
): FakeUpload {
  const asked = typeof session.status.privacyStatus === 'string' ? session.status.privacyStatus : 'public';
  const size = session.received;
  const upload: FakeUpload = {
    id: newVideoId(),
    channelId: session.channelId,
    clientId: session.clientId,
    part: session.part,
    snippet: session.snippet,
    status: session.status,
    // Google locks uploads of unaudited API projects (created after 2020-07-28) to private.
    answeredPrivacyStatus: isUnaudited(state, session.clientId) ? 'private' : asked,
    notifySubscribers: session.notifySubscribers,
    receivedAt: new Date(),
    sha256: media.hash.digest('hex'),
    size,
    mimeType: session.mimeType,
    bytes: size <= state.maxKeptUploadBytes ? Buffer.concat(media.kept) : undefined,
  };
  session.videoId = upload.id;
  state.uploads.push(upload);
  state.sessionMedia.delete(session.id);
  return upload;
}

/** 200 with the video once finished; else 308 Resume Incomplete with what arrived. */
function answerState(state: FakeGoogleState, session: FakeUploadSession, res: ServerResponse): void {
  const video = state.uploads.find((upload) => upload.id === session.videoId);
  if (video) {
    sendJson(res, 200, videoJson(video, state.channels.get(session.channelId), session.part));
    return;
  }
  res.writeHead(308, {
    ...(session.received > 0 ? { Range: `bytes=0-${session.received - 1}` } : {}),
    'Content-Length': '0',
  });
  res.end();
}

/** Waits until answers are released, or the client went away. */
function held(state: FakeGoogleState, req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    const release = (): void => {
      req.socket.off('close', release);
      state.lifetime.removeEventListener('abort', release);
      resolve();
    };
    state.heldUploadAnswers.push(release);
    req.socket.once('close', release);
    state.lifetime.addEventListener('abort', release, { once: true });
  });
}

/** `bytes a-b/N`, `bytes *\/N` (a query) or `bytes a-b/*`; undefined when absent. */
function parseContentRange(
  value: string | undefined,
): { start?: number; end?: number; total?: number } | undefined | 'invalid' {
  if (value === undefined) return undefined;
  const query = /^bytes \*\/(\d+)$/.exec(value.trim());
  if (query) return { total: Number(query[1]) };
  const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value.trim());
  if (!range) return 'invalid';
  const start = Number(range[1]);
  const end = Number(range[2]);
  const total = range[3] === '*' ? undefined : Number(range[3]);
  if (end < start || (total !== undefined && end >= total)) return 'invalid';
  return { start, end, ...(total === undefined ? {} : { total }) };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > METADATA_LIMIT) throw new BadRequestError(400, 'badRequest', 'Metadata too large');
    chunks.push(bytes);
  }
  if (size === 0) return {};
  try {
    return recordOf(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  } catch {
    throw new BadRequestError(400, 'parseError', 'The metadata is not valid JSON');
  }
}
