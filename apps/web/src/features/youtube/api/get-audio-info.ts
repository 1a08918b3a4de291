import { endpoints } from '@scrapper/contracts/http';
import type { AudioResult } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

export function getAudioInfo(url: string, signal?: AbortSignal): Promise<AudioResult> {
  return call(endpoints.youtube.audioInfo, { query: { url }, signal });
}
