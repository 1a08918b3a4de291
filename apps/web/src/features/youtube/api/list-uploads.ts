import { endpoints } from '@scrapper/contracts/http';
import type { Upload } from '@scrapper/contracts/http/youtube';
import { call } from '@/lib/api-client.ts';

/** The member's uploads, newest first (the first page of 50). */
export async function listUploads(signal?: AbortSignal): Promise<Upload[]> {
  const { videos } = await call(endpoints.youtube.videos, { signal });
  return videos;
}
