import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube-uploads';
import type { VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';

export type PreviewAvailability = 'ready' | 'no-file' | 'no-effect' | 'too-large';

/**
 * Spec: the preview works only on a video uploaded directly (scraped videos get their
 * effect at upload time) and only with an effect; the preview endpoint takes smaller files.
 */
export function previewAvailability(
  videoFile: Pick<File, 'size'> | null,
  effect: VideoEffectName,
): PreviewAvailability {
  if (!videoFile) return 'no-file';
  if (effect === 'none') return 'no-effect';
  if (videoFile.size > UPLOAD_LIMITS.previewVideoMaxBytes) return 'too-large';
  return 'ready';
}

export const PREVIEW_HINTS: Record<PreviewAvailability, string> = {
  ready: 'Preview dibuat dari potongan pendek video Anda.',
  'no-file':
    'Preview efek hanya untuk video yang diunggah langsung. Efek untuk video dari file JSON diterapkan saat upload.',
  'no-effect': 'Pilih efek selain "Tanpa efek" untuk melihat preview.',
  'too-large': `Video terlalu besar untuk preview (maksimal ${UPLOAD_LIMITS.previewVideoMaxBytes / (1024 * 1024)} MB). Efek tetap diterapkan saat upload.`,
};
