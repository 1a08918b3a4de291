import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export async function deleteClientSecret(id: string): Promise<void> {
  await call(endpoints.youtube.deleteClientSecret, { params: { id } });
}
