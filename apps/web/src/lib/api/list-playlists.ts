import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import { REAUTH_ERROR } from '@scrapper/contracts/http/youtube-uploads';
import type { Playlist } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';

/** A 401 here is about the Google account, not our session (README: playlist calls opt out). */
export function listPlaylists(accountId: string, signal?: AbortSignal): Promise<Playlist[]> {
  return call(youtubeEndpoints.playlists, {
    params: { accountId },
    signal,
    logoutOnUnauthorized: false,
  });
}

/** The 409 of an account whose Google grant is gone: the member must connect it again. */
export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.serverError === REAUTH_ERROR;
}
