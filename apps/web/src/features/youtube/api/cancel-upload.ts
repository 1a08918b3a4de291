import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { call } from '@/lib/api-client.ts';

/** POST /api/youtube/videos/:id/cancel: 'Batalkan jadwal'. */
export function cancelUpload(id: string): Promise<Upload> {
  return call(youtubeEndpoints.cancelUpload, { params: { id } });
}
