import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export function addGeminiKey(key: string, label?: string): Promise<ApiKey> {
  return call(youtubeEndpoints.addGeminiKey, { body: { key, ...(label ? { label } : {}) } });
}
