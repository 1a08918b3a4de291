import { apifyKeyEndpoints } from '@scrapper/contracts/http/keys';
import type { ApiKey } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export function setActiveApifyKey(id: string): Promise<ApiKey> {
  return call(apifyKeyEndpoints.setActive, { params: { id } });
}
