import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { AudioResult } from '@scrapper/contracts/http/youtube-uploads';
import { call } from '@/lib/api-client.ts';

export function getAudioInfo(url: string, signal?: AbortSignal): Promise<AudioResult> {
  return call(youtubeEndpoints.audioInfo, { query: { url }, signal });
}
