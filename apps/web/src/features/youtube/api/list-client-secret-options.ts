import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export type ClientSecretOption = EndpointResponse<
  typeof youtubeEndpoints.clientSecretOptions
>[number];

/** The active Google OAuth clients a member may connect a channel through (id and name). */
export async function listClientSecretOptions(signal?: AbortSignal): Promise<ClientSecretOption[]> {
  const options = await call(youtubeEndpoints.clientSecretOptions, { signal });
  // TikTok and Meta apps (issue 33) are in the same list; they connect on the Publikasikan page.
  return options.filter((option) => option.platform === 'youtube');
}
