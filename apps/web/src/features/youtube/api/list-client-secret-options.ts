import { endpoints } from '@scrapper/contracts/http';
import type { EndpointResponse } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export type ClientSecretOption = EndpointResponse<
  typeof endpoints.youtube.clientSecretOptions
>[number];

/** The active OAuth clients a member may connect through (id and name). */
export function listClientSecretOptions(signal?: AbortSignal): Promise<ClientSecretOption[]> {
  return call(endpoints.youtube.clientSecretOptions, { signal });
}
