import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export function setActiveGeminiKey(id: string): Promise<ApiKey> {
  return call(youtubeEndpoints.activateGeminiKey, { params: { id } });
}
