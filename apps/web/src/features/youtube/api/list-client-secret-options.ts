import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { EndpointResponse } from '@scrapper/contracts/http/endpoint';
import { call } from '@/lib/api-client.ts';

export type ClientSecretOption = EndpointResponse<
  typeof youtubeEndpoints.clientSecretOptions
>[number];

/** The active Google OAuth clients a member may connect a channel through (id and name). */
export function listClientSecretOptions(signal?: AbortSignal): Promise<ClientSecretOption[]> {
  return call(youtubeEndpoints.clientSecretOptions, { signal });
}
