import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

export async function deleteClientSecret(id: string): Promise<void> {
  await call(youtubeEndpoints.deleteClientSecret, { params: { id } });
}
