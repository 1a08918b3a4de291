import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';
import type { ClientSecretInput } from './create-client-secret.ts';

/** An absent clientSecret keeps the stored one. */
export function updateClientSecret(id: string, body: ClientSecretInput): Promise<ClientSecret> {
  return call(youtubeEndpoints.updateClientSecret, { params: { id }, body });
}
