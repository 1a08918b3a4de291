import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { Upload } from '@scrapper/contracts/http/youtube-uploads';
import { sendFormData } from '@/lib/send-form-data.ts';
import type { SendFormOptions } from '@/lib/send-form-data.ts';

/** POST /api/youtube/upload (multipart); the server queues the upload and answers 202. */
export function uploadVideo(body: FormData, options: SendFormOptions = {}): Promise<Upload> {
  return sendFormData(youtubeEndpoints.upload, body, options);
}
