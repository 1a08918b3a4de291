import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

export async function removeGeminiKey(id: string): Promise<void> {
  await call(youtubeEndpoints.removeGeminiKey, { params: { id } });
}
