import { apifyKeyEndpoints } from '@scrapper/contracts/http/keys';
import { call } from '@/lib/api-client.ts';

export async function removeApifyKey(id: string): Promise<void> {
  await call(apifyKeyEndpoints.remove, { params: { id } });
}
