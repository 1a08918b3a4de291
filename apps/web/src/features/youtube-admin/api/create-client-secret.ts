import { endpoints } from '@scrapper/contracts/http';
import type { EndpointInput } from '@scrapper/contracts/http';
import type { ClientSecret } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

export type ClientSecretInput = EndpointInput<typeof endpoints.youtube.createClientSecret>['body'];

export function createClientSecret(body: ClientSecretInput): Promise<ClientSecret> {
  return call(endpoints.youtube.createClientSecret, { body });
}
