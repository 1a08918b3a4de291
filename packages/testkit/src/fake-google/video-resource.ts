// The video resource as the fake YouTube Data API reads and writes it, and what its endpoints
// (youtube-api.ts) and the resumable upload (resumable.ts) share.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomId, type AccessGrant, type FakeChannel, type FakeGoogleState, type FakeUpload } from './state.ts';

export interface ApiContext {
  state: FakeGoogleState;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  grant: AccessGrant;
}

/** Category ids a video can be given (YouTube's assignable categories in most regions). */
const CATEGORY_IDS = new Set([
  '1',
  '2',
  '10',
  '15',
  '17',
  '19',
  '20',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
]);

/** Reads a body to its end without looking at it (answering before would cut the upload off). */
export async function drain(req: IncomingMessage): Promise<void> {
  for await (const chunk of req) void chunk;
}

/** What YouTube refuses in a video's snippet and status, as its error reason. */
export function videoProblem(
  snippet: Record<string, unknown>,
  status: Record<string, unknown>,
): { reason: string } | undefined {
  const title = snippet.title;
  if (
    typeof title !== 'string' ||
    title.trim() === '' ||
    [...title].length > 100 ||
    /[<>]/.test(title)
  ) {
    return { reason: 'invalidTitle' };
  }
  const description = snippet.description;
  if (
    description !== undefined &&
    (typeof description !== 'string' ||
      Buffer.byteLength(description) > 5000 ||
      /[<>]/.test(description))
  ) {
    return { reason: 'invalidDescription' };
  }
  const tags = snippet.tags;
  if (tags !== undefined) {
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
      return { reason: 'invalidTags' };
    }
    // YouTube counts a tag with a space as quoted, and a comma between tags.
    const length = tags.reduce<number>(
      (sum, tag: string) => sum + tag.length + (tag.includes(' ') ? 2 : 0),
      0,
    );
    if (
      length + Math.max(0, tags.length - 1) > 500 ||
      tags.some((tag: string) => /[<>]/.test(tag))
    ) {
      return { reason: 'invalidTags' };
    }
  }
  const categoryId = snippet.categoryId;
  if (
    categoryId !== undefined &&
    (typeof categoryId !== 'string' || !CATEGORY_IDS.has(categoryId))
  ) {
    return { reason: 'invalidCategoryId' };
  }
  const privacy = status.privacyStatus;
  if (privacy !== undefined && !['public', 'private', 'unlisted'].includes(String(privacy))) {
    return { reason: 'invalidVideoMetadata' };
  }
  if (
    status.selfDeclaredMadeForKids !== undefined &&
    typeof status.selfDeclaredMadeForKids !== 'boolean'
  ) {
    return { reason: 'invalidVideoMetadata' };
  }
  if (
    status.containsSyntheticMedia !== undefined &&
    typeof status.containsSyntheticMedia !== 'boolean'
  ) {
    return { reason: 'invalidVideoMetadata' };
  }
  if (status.publishAt !== undefined) {
    // A scheduled video must be private (YouTube publishes it at publishAt) and in the future.
    const at = typeof status.publishAt === 'string' ? Date.parse(status.publishAt) : Number.NaN;
    if (privacy !== 'private' || Number.isNaN(at) || at <= Date.now()) {
      return { reason: 'invalidPublishAt' };
    }
  }
  return undefined;
}

export function videoJson(
  upload: FakeUpload,
  channel: FakeChannel | undefined,
  parts: string[],
): Record<string, unknown> {
  const { snippet, status } = upload;
  const title = typeof snippet.title === 'string' ? snippet.title : '';
  const description = typeof snippet.description === 'string' ? snippet.description : '';
  const madeForKids = status.selfDeclaredMadeForKids === true;
  return {
    kind: 'youtube#video',
    etag: randomId(27),
    id: upload.id,
    ...(parts.includes('snippet')
      ? {
          snippet: {
            publishedAt: upload.receivedAt.toISOString(),
            channelId: upload.channelId,
            title,
            description,
            thumbnails: {},
            channelTitle: channel?.title ?? '',
            ...(Array.isArray(snippet.tags) ? { tags: snippet.tags } : {}),
            categoryId: typeof snippet.categoryId === 'string' ? snippet.categoryId : '22',
            liveBroadcastContent: 'none',
            localized: { title, description },
          },
        }
      : {}),
    ...(parts.includes('status')
      ? {
          status: {
            uploadStatus: 'uploaded',
            privacyStatus: upload.answeredPrivacyStatus,
            ...(typeof status.publishAt === 'string' ? { publishAt: status.publishAt } : {}),
            license: 'youtube',
            embeddable: true,
            publicStatsViewable: true,
            madeForKids,
            selfDeclaredMadeForKids: madeForKids,
            containsSyntheticMedia: status.containsSyntheticMedia === true,
          },
        }
      : {}),
  };
}

/** `part=snippet,status` or `part=snippet&part=status` (googleapis repeats it). */
export function partsOf(url: URL): string[] {
  return url.searchParams
    .getAll('part')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

export function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
