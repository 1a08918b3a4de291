import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { call } from '@/lib/api-client.ts';

/** The member's uploads, newest first (the first page of 50). */
export async function listUploads(signal?: AbortSignal): Promise<Upload[]> {
  const { videos } = await call(youtubeEndpoints.videos, { signal });
  return videos;
}
