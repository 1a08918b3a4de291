import { youtubeEndpoints } from '@scrapper/contracts/http/youtube';
import type { VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { sendFormDataForBlob } from '@/lib/send-form-data.ts';

/** A short video/mp4 of the file with the effect applied. */
export function previewEffect(
  videoFile: File,
  effect: VideoEffectName,
  signal?: AbortSignal,
): Promise<Blob> {
  const body = new FormData();
  body.append('effect', effect);
  body.append('videoFile', videoFile, videoFile.name);
  return sendFormDataForBlob(youtubeEndpoints.previewEffect, body, { signal });
}
