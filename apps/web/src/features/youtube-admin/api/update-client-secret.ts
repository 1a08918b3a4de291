import { endpoints } from '@scrapper/contracts/http';
import type { ClientSecret } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';
import type { ClientSecretInput } from './create-client-secret.ts';

/** An absent clientSecret keeps the stored one. */
export function updateClientSecret(id: string, body: ClientSecretInput): Promise<ClientSecret> {
  return call(endpoints.youtube.updateClientSecret, { params: { id }, body });
}
