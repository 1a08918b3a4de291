import { QualitySchema } from '@scrapper/contracts/http/media';
import type { Quality } from '@scrapper/contracts/http/media';

// The download qualities as the downloader offers them (also the automations' download action).

const QUALITY_LABELS: Record<Quality, string> = {
  best: 'Terbaik (best)',
  '1080p': '1080p',
  '720p': '720p',
  'audio-only': 'Audio saja',
};

export const QUALITY_OPTIONS = QualitySchema.options.map((value) => ({
  value,
  label: QUALITY_LABELS[value],
}));

export function isQuality(value: string): value is Quality {
  return QualitySchema.safeParse(value).success;
}
