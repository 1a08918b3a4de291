import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readRequestBody, sendJson } from '../fake-apify/http-io.ts';
import { sendYouTubeError } from './google-errors.ts';
import { startUploadSession } from './resumable.ts';
import { drain, partsOf, recordOf, videoJson, videoProblem, type ApiContext } from './video-resource.ts';
import {
  randomId,
  type AccessGrant,
  type FakeChannel,
  type FakeGoogleState,
  type FakeMediaInfo,
} from './state.ts';

export { drain, type ApiContext } from './video-resource.ts';

const SCOPE = 'https://www.googleapis.com/auth/';
const READ_SCOPES = ['youtube', 'youtube.readonly', 'youtube.force-ssl', 'youtubepartner'];
const UPLOAD_SCOPES = ['youtube', 'youtube.upload', 'youtube.force-ssl', 'youtubepartner'];
const WRITE_SCOPES = ['youtube', 'youtube.force-ssl', 'youtubepartner'];

/** The scopes (any one of them) each endpoint accepts, as in the API reference. */
export const SCOPES_BY_ENDPOINT = {
  'channels.list': READ_SCOPES,
  'playlists.list': READ_SCOPES,
  'videos.insert': UPLOAD_SCOPES,
  'videos.insert.upload': UPLOAD_SCOPES,
  'videos.update': WRITE_SCOPES,
  'thumbnails.set': UPLOAD_SCOPES,
  'playlistItems.insert': WRITE_SCOPES,
} as const;

export function hasScope(grant: AccessGrant, accepted: readonly string[]): boolean {
  const granted = grant.scope.split(/\s+/);
  return accepted.some((scope) => granted.includes(SCOPE + scope));
}

const METADATA_LIMIT = 1024 * 1024;

/** `GET /youtube/v3/channels?part=snippet&mine=true`: the channel the token was granted for. */
export function listChannels({ state, res, url, grant }: ApiContext): void {
  const parts = partsOf(url);
  if (parts.length === 0) {
    sendYouTubeError(res, { reason: 'required', message: "'part'" });
    return;
  }
  if (url.searchParams.get('mine') !== 'true') {
    sendYouTubeError(res, {
      reason: 'badRequest',
      message: 'The fake YouTube API lists channels with mine=true only.',
    });
    return;
  }
  const channel = state.channels.get(grant.channelId);
  const items = channel ? [channelJson(channel, parts)] : [];
  sendJson(res, 200, {
    kind: 'youtube#channelListResponse',
    etag: randomId(27),
    pageInfo: { totalResults: items.length, resultsPerPage: 5 },
    items,
  });
}

/** `GET /youtube/v3/playlists?part=snippet&mine=true&maxResults=&pageToken=`. */
export function listPlaylists({ state, res, url, grant }: ApiContext): void {
  if (partsOf(url).length === 0) {
    sendYouTubeError(res, { reason: 'required', message: "'part'" });
    return;
  }
  if (url.searchParams.get('mine') !== 'true') {
    sendYouTubeError(res, {
      reason: 'badRequest',
      message: 'The fake YouTube API lists playlists with mine=true only.',
    });
    return;
  }
  const maxResults = Number(url.searchParams.get('maxResults') ?? '5');
  if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 50) {
    sendYouTubeError(res, {
      reason: 'invalidParameter',
      status: 400,
      message: `Invalid value '${String(url.searchParams.get('maxResults'))}'. Values must be within the range: [0, 50]`,
    });
    return;
  }
  const offset = offsetOf(url.searchParams.get('pageToken'));
  if (offset === undefined) {
    sendYouTubeError(res, {
      reason: 'invalidPageToken',
      status: 400,
      message: 'The request specifies an invalid page token.',
    });
    return;
  }
  const channel = state.channels.get(grant.channelId);
  const all = channel?.playlists ?? [];
  const items = all.slice(offset, offset + maxResults).map((playlist) => ({
    kind: 'youtube#playlist',
    etag: randomId(27),
    id: playlist.id,
    snippet: {
      publishedAt: new Date(0).toISOString(),
      channelId: grant.channelId,
      title: playlist.title,
      description: '',
      thumbnails: {},
      channelTitle: channel?.title ?? '',
      localized: { title: playlist.title, description: '' },
    },
  }));
  const next = offset + maxResults;
  sendJson(res, 200, {
    kind: 'youtube#playlistListResponse',
    etag: randomId(27),
    ...(next < all.length && maxResults > 0 ? { nextPageToken: pageToken(next) } : {}),
    ...(offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - maxResults)) } : {}),
    pageInfo: { totalResults: all.length, resultsPerPage: maxResults },
    items,
  });
}

/**
 * `POST /upload/youtube/v3/videos?uploadType=resumable&part=...`: YouTube's resumable protocol,
 * the one way the product uploads (resumable.ts). Other upload types are refused.
 */
export async function insertVideo(ctx: ApiContext): Promise<void> {
  if (ctx.url.searchParams.get('uploadType') === 'resumable') {
    await startUploadSession(ctx);
    return;
  }
  await drain(ctx.req);
  sendYouTubeError(ctx.res, {
    reason: 'badRequest',
    message: 'The fake YouTube API takes videos.insert as uploadType=resumable only.',
  });
}

/**
 * `PUT /youtube/v3/videos?part=status` with `{id, status}`: what the product uses to move or
 * drop a schedule. As on YouTube, the parts sent replace the stored ones; `status.publishAt`
 * needs `privacyStatus: private`, a future time and a video that was never published.
 */
export async function updateVideo({ state, req, res, url, grant }: ApiContext): Promise<void> {
  const body = await readRequestBody(req, METADATA_LIMIT);
  const parts = partsOf(url);
  if (parts.length === 0) {
    sendYouTubeError(res, { reason: 'required', message: "'part'" });
    return;
  }
  const resource = recordOf(body.value);
  const id = typeof resource.id === 'string' ? resource.id : '';
  const video = state.uploads.find((upload) => upload.id === id);
  if (!video) {
    sendYouTubeError(res, { reason: 'videoNotFound' });
    return;
  }
  if (video.channelId !== grant.channelId) {
    sendYouTubeError(res, { reason: 'forbidden' });
    return;
  }
  const snippet = parts.includes('snippet') ? recordOf(resource.snippet) : video.snippet;
  const status = parts.includes('status') ? recordOf(resource.status) : video.status;
  const problem = videoProblem(snippet, status);
  if (problem) {
    sendYouTubeError(res, problem);
    return;
  }
  // A video that was public once cannot be scheduled again.
  if (status.publishAt !== undefined && video.answeredPrivacyStatus === 'public') {
    sendYouTubeError(res, { reason: 'invalidPublishAt' });
    return;
  }
  video.snippet = snippet;
  video.status = status;
  if (typeof status.privacyStatus === 'string') video.answeredPrivacyStatus = status.privacyStatus;
  sendJson(res, 200, videoJson(video, state.channels.get(grant.channelId), parts));
}

/** `POST /upload/youtube/v3/thumbnails/set?videoId=&uploadType=media`: the image as the body. */
export async function setThumbnail({ state, req, res, url, grant }: ApiContext): Promise<void> {
  const media = await receiveMedia(state, req);
  const videoId = url.searchParams.get('videoId') ?? '';
  const video = state.uploads.find((upload) => upload.id === videoId);
  if (!video) {
    sendYouTubeError(res, { reason: 'videoNotFound' });
    return;
  }
  if (video.channelId !== grant.channelId) {
    sendYouTubeError(res, { reason: 'forbidden' });
    return;
  }
  if (media.size === 0) {
    sendYouTubeError(res, { reason: 'mediaBodyRequired' });
    return;
  }
  state.thumbnails.push({ videoId, channelId: grant.channelId, receivedAt: new Date(), ...media });
  const base = `https://i.ytimg.com/vi/${videoId}`;
  sendJson(res, 200, {
    kind: 'youtube#thumbnailSetResponse',
    etag: randomId(27),
    items: [
      {
        default: { url: `${base}/default.jpg`, width: 120, height: 90 },
        medium: { url: `${base}/mqdefault.jpg`, width: 320, height: 180 },
        high: { url: `${base}/hqdefault.jpg`, width: 480, height: 360 },
      },
    ],
  });
}

/** `POST /youtube/v3/playlistItems?part=snippet` with `{snippet:{playlistId,resourceId}}`. */
export async function insertPlaylistItem({
  state,
  req,
  res,
  url,
  grant,
}: ApiContext): Promise<void> {
  const body = await readRequestBody(req, METADATA_LIMIT);
  if (!partsOf(url).includes('snippet')) {
    sendYouTubeError(res, { reason: 'required', message: "'part'" });
    return;
  }
  const snippet = recordOf(recordOf(body.value).snippet);
  const playlistId = typeof snippet.playlistId === 'string' ? snippet.playlistId : '';
  const resource = recordOf(snippet.resourceId);
  const videoId = typeof resource.videoId === 'string' ? resource.videoId : '';
  if (!playlistId) {
    sendYouTubeError(res, {
      reason: 'playlistIdRequired',
      status: 400,
      message: 'The request does not specify a value for the required playlistId property.',
    });
    return;
  }
  const owner = [...state.channels.values()].find((channel) =>
    channel.playlists.some((playlist) => playlist.id === playlistId),
  );
  if (!owner) {
    sendYouTubeError(res, { reason: 'playlistNotFound' });
    return;
  }
  if (owner.id !== grant.channelId) {
    sendYouTubeError(res, { reason: 'playlistItemsNotAccessible' });
    return;
  }
  const video = state.uploads.find((upload) => upload.id === videoId);
  if (resource.kind !== 'youtube#video' || !video) {
    sendYouTubeError(res, { reason: 'videoNotFound' });
    return;
  }
  const position = state.playlistItems.filter((item) => item.playlistId === playlistId).length;
  const item = { id: randomId(40), playlistId, videoId, channelId: grant.channelId, position };
  state.playlistItems.push(item);
  sendJson(res, 200, {
    kind: 'youtube#playlistItem',
    etag: randomId(27),
    id: item.id,
    snippet: {
      publishedAt: new Date().toISOString(),
      channelId: grant.channelId,
      title: typeof video.snippet.title === 'string' ? video.snippet.title : '',
      description: '',
      thumbnails: {},
      channelTitle: owner.title,
      playlistId,
      position,
      resourceId: { kind: 'youtube#video', videoId },
    },
  });
}

async function receiveMedia(state: FakeGoogleState, req: IncomingMessage): Promise<FakeMediaInfo> {
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    hash.update(bytes);
    size += bytes.length;
    if (size <= state.maxKeptUploadBytes) kept.push(bytes);
  }
  return {
    sha256: hash.digest('hex'),
    size,
    mimeType: req.headers['content-type'] ?? '',
    bytes: size <= state.maxKeptUploadBytes ? Buffer.concat(kept) : undefined,
  };
}

function channelJson(channel: FakeChannel, parts: string[]): Record<string, unknown> {
  return {
    kind: 'youtube#channel',
    etag: randomId(27),
    id: channel.id,
    ...(parts.includes('snippet')
      ? {
          snippet: {
            title: channel.title,
            description: '',
            customUrl: `@${channel.title.toLowerCase().replace(/[^a-z0-9]+/g, '')}`,
            publishedAt: new Date(0).toISOString(),
            thumbnails: {},
            localized: { title: channel.title, description: '' },
          },
        }
      : {}),
  };
}

function pageToken(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function offsetOf(token: string | null): number | undefined {
  if (token === null || token === '') return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}
