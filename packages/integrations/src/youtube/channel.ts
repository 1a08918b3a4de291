// The account's channel and its playlists, and the calls on a published video: its thumbnail,
// a playlist, its schedule.
import { type Readable } from 'node:stream';
import { YouTubeError } from './errors.ts';
import {
  READ_TIMEOUT_MS,
  withMedia,
  withSession,
  type AccountCall,
  type GoogleEndpoints,
  type OAuthClientConfig,
  type OnTokens,
  type YouTubeTokens,
} from './session.ts';

export interface SetThumbnailArgs extends AccountCall {
  videoId: string;
  media: NodeJS.ReadableStream | Readable;
  mimeType: string;
}

export interface AddToPlaylistArgs extends AccountCall {
  playlistId: string;
  videoId: string;
}

/** Pages of playlists.list read at most (50 each): 1,000 playlists. */
const MAX_PLAYLIST_PAGES = 20;

export async function getOwnChannel(
  client: OAuthClientConfig,
  endpoints: GoogleEndpoints,
  tokens: YouTubeTokens,
  onTokens?: OnTokens,
): Promise<{ channelId: string; title: string }> {
  return withSession({ client, endpoints, tokens, onTokens }, async (session) => {
    const res = await session.api.channels.list(
      { part: ['snippet'], mine: true },
      session.options({ timeout: READ_TIMEOUT_MS }),
    );
    const channel = res.data.items?.[0];
    if (!channel?.id) {
      throw new YouTubeError('notFound', 'This Google account has no YouTube channel', {
        status: res.status,
        userMessage:
          'Akun Google ini belum memiliki channel YouTube. Buat channel terlebih dahulu.',
      });
    }
    return { channelId: channel.id, title: channel.snippet?.title ?? '' };
  });
}

/** Every playlist of the account's channel, all pages. */
export async function listPlaylists(
  client: OAuthClientConfig,
  endpoints: GoogleEndpoints,
  tokens: YouTubeTokens,
  onTokens?: OnTokens,
): Promise<{ id: string; title: string }[]> {
  return withSession({ client, endpoints, tokens, onTokens }, async (session) => {
    const playlists: { id: string; title: string }[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PLAYLIST_PAGES; page++) {
      const res = await session.api.playlists.list(
        { part: ['snippet'], mine: true, maxResults: 50, ...(pageToken ? { pageToken } : {}) },
        session.options({ timeout: READ_TIMEOUT_MS }),
      );
      for (const item of res.data.items ?? []) {
        if (item.id) playlists.push({ id: item.id, title: item.snippet?.title ?? '' });
      }
      pageToken = res.data.nextPageToken ?? undefined;
      if (!pageToken) break;
    }
    return playlists;
  });
}

export async function setThumbnail(args: SetThumbnailArgs): Promise<void> {
  await withMedia(args, async (session, body) => {
    await session.api.thumbnails.set(
      { videoId: args.videoId, media: { mimeType: args.mimeType, body } },
      session.options({}),
    );
  });
}

export async function addToPlaylist(args: AddToPlaylistArgs): Promise<void> {
  await withSession(args, async (session) => {
    await session.api.playlistItems.insert(
      {
        part: ['snippet'],
        requestBody: {
          snippet: {
            playlistId: args.playlistId,
            resourceId: { kind: 'youtube#video', videoId: args.videoId },
          },
        },
      },
      session.options({ timeout: READ_TIMEOUT_MS }),
    );
  });
}

export interface UpdateScheduleArgs extends AccountCall {
  videoId: string;
  /** The new publish time; null drops the schedule and leaves the video private. */
  publishAt: Date | null;
  /** status.selfDeclaredMadeForKids and containsSyntheticMedia, sent again: videos.update replaces the whole status part. */
  madeForKids: boolean;
  containsSyntheticMedia: boolean;
}

/**
 * videos.update with `part=status` (50 units): a scheduled video moved to another time, or
 * left private without one (a cancelled schedule). The status part is replaced whole, so the
 * other status fields the product sets go along.
 */
export async function updateVideoSchedule(args: UpdateScheduleArgs): Promise<void> {
  await withSession(args, async (session) => {
    await session.api.videos.update(
      {
        part: ['status'],
        requestBody: {
          id: args.videoId,
          status: {
            privacyStatus: 'private',
            ...(args.publishAt ? { publishAt: args.publishAt.toISOString() } : {}),
            selfDeclaredMadeForKids: args.madeForKids,
            containsSyntheticMedia: args.containsSyntheticMedia,
          },
        },
      },
      session.options({ timeout: READ_TIMEOUT_MS }),
    );
  });
}
