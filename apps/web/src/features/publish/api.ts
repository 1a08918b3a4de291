import { publishConnectEndpoints, publishPostEndpoints } from '@scrapper/contracts/http/publish';
import type {
  CreatorInfo,
  Post,
  PostTarget,
  PublishingLimit,
} from '@scrapper/contracts/http/publish';
import { CONNECT_PLATFORMS } from '@scrapper/contracts/rules/publish-destinations';
import type { ConnectPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { EndpointInput, EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';
import { fileEndpoints } from '@scrapper/contracts/http/files';
import type { FileItem } from '@scrapper/contracts/http/files';
import { findServerFile } from '@/lib/api/find-server-file.ts';

export type AppOption = EndpointResponse<typeof youtubeEndpoints.clientSecretOptions>[number] & {
  platform: ConnectPlatform;
};

/** Disconnects a TikTok, Instagram or Facebook destination. */
export async function removePublishAccount(id: string): Promise<void> {
  await call(publishConnectEndpoints.removeAccount, { params: { id } });
}

/** TikTok's Login Kit or Facebook Login for Business consent URL for one app. */
export async function getConnectUrl(
  platform: ConnectPlatform,
  clientSecretId: string,
): Promise<string> {
  const { authUrl } = await call(publishConnectEndpoints.authUrl, {
    params: { platform },
    query: { clientSecretId },
  });
  return authUrl;
}

/** TikTok's creator info (posting guidelines: read when the TikTok destination is chosen). */
export function getCreatorInfo(accountId: string, signal?: AbortSignal): Promise<CreatorInfo> {
  return call(publishConnectEndpoints.creatorInfo, { params: { id: accountId }, signal });
}

/** An Instagram account's content_publishing_limit, read from Meta now. */
export function getPublishingLimit(
  accountId: string,
  signal?: AbortSignal,
): Promise<PublishingLimit> {
  return call(publishConnectEndpoints.publishingLimit, { params: { id: accountId }, signal });
}

/** The active TikTok and Meta apps members connect through. */
export async function listAppOptions(signal?: AbortSignal): Promise<AppOption[]> {
  const lists = await Promise.all(
    CONNECT_PLATFORMS.map(async (platform) =>
      (await call(youtubeEndpoints.clientSecretOptions, { query: { platform }, signal })).map(
        (app) => ({
          ...app,
          platform,
        }),
      ),
    ),
  );
  return lists.flat();
}

export type CreatePostInput = EndpointInput<typeof publishPostEndpoints.createPost>['body'];
export type CreatedPost = EndpointResponse<typeof publishPostEndpoints.createPost>;

export function createPost(body: CreatePostInput): Promise<CreatedPost> {
  return call(publishPostEndpoints.createPost, { body });
}

/** The member's newest posts with their targets. */
export async function listPosts(signal?: AbortSignal): Promise<Post[]> {
  const { posts } = await call(publishPostEndpoints.listPosts, { query: { limit: 20 }, signal });
  return posts;
}

export function cancelTarget(postId: string, targetId: string): Promise<PostTarget> {
  return call(publishPostEndpoints.cancelTarget, { params: { id: postId, targetId } });
}

export const PICKER_FILE_LIMIT = 100;

/**
 * The composer's file choices: the member's newest files still in storage, and the one asked
 * for by `?file=<id>` (the File Manager's or Riwayat's "Publikasikan") even when it is older.
 */
export async function listPickerFiles(
  requestedId: string | null,
  signal?: AbortSignal,
): Promise<FileItem[]> {
  const [page, requested] = await Promise.all([
    call(fileEndpoints.list, {
      query: { limit: PICKER_FILE_LIMIT, sortBy: 'date', order: 'desc' },
      signal,
    }),
    requestedId
      ? findServerFile(requestedId, signal).catch(() => undefined)
      : Promise.resolve(undefined),
  ]);
  const files = page.files.filter((file) => file.fileExists);
  if (requested?.fileExists && !files.some((file) => file.id === requested.id))
    files.unshift(requested);
  return files;
}
