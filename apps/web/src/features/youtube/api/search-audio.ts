import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { AudioResult } from '@scrapper/contracts/http/youtube-uploads';
import { call } from '@/lib/api-client.ts';

export function searchAudio(query: string, signal?: AbortSignal): Promise<AudioResult[]> {
  return call(youtubeEndpoints.audioSearch, { query: { query }, signal });
}
