import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { RescheduleUploadBody, Upload } from '@scrapper/contracts/http/youtube-uploads';
import { call } from '@/lib/api-client.ts';

/** PATCH /api/youtube/videos/:id: 'Ubah jadwal' (date and time in WIB). */
export function rescheduleUpload(id: string, body: RescheduleUploadBody): Promise<Upload> {
  return call(youtubeEndpoints.rescheduleUpload, { params: { id }, body });
}
