import { endpoints } from '@scrapper/contracts/http';
import type { ClientSecret } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

export function listClientSecrets(signal?: AbortSignal): Promise<ClientSecret[]> {
  return call(endpoints.youtube.listClientSecrets, { signal });
}
