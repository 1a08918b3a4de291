import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export async function removeApifyKey(id: string): Promise<void> {
  await call(endpoints.apifyKeys.remove, { params: { id } });
}
