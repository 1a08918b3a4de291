import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import { call } from '@/lib/api-client.ts';

export function listClientSecrets(signal?: AbortSignal): Promise<ClientSecret[]> {
  return call(youtubeEndpoints.listClientSecrets, { signal });
}
