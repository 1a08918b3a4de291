import { endpoints } from '@scrapper/contracts/http';
import { call } from '@/lib/api-client.ts';

export async function removeGeminiKey(id: string): Promise<void> {
  await call(endpoints.youtube.removeGeminiKey, { params: { id } });
}
