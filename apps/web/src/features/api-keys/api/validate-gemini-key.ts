import { endpoints } from '@scrapper/contracts/http';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export function validateGeminiKey(id: string): Promise<ApiKey> {
  return call(endpoints.youtube.validateGeminiKey, { params: { id } });
}
