import { YOUTUBE_CATEGORIES } from '@scrapper/contracts/http/youtube-uploads';
import type { UploadStatus, VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { VIDEO_EFFECTS } from '@scrapper/contracts/rules/video-effects';
import type { BadgeTone } from '@scrapper/ui/badge';

// The choices of a YouTube upload, in the words of the upload form (spec part 2, section 2):
// the upload page and the automations' publish action offer the same ones.

export type PrivacyChoice = 'public' | 'private' | 'unlisted';

export const PRIVACY_OPTIONS: { value: PrivacyChoice; label: string }[] = [
  { value: 'public', label: 'Publik' },
  { value: 'private', label: 'Pribadi' },
  { value: 'unlisted', label: 'Tidak publik (unlisted)' },
];

export function isPrivacy(value: string): value is PrivacyChoice {
  return value === 'public' || value === 'private' || value === 'unlisted';
}

export const CATEGORY_OPTIONS = YOUTUBE_CATEGORIES.map((category) => ({
  value: category.id,
  label: category.label,
}));

export const KIDS_OPTIONS = [
  { value: 'false', label: 'Tidak, video ini tidak ditujukan untuk anak-anak' },
  { value: 'true', label: 'Ya, video ini ditujukan untuk anak-anak' },
] as const satisfies readonly { value: 'true' | 'false'; label: string }[];

export const VIDEO_EFFECT_LABELS: Record<VideoEffectName, string> = {
  none: 'Tanpa efek',
  blur: 'Blur (buram)',
  sepia: 'Sepia',
  brightness: 'Kecerahan',
  contrast: 'Kontras',
  grayscale: 'Hitam putih',
  vintage: 'Vintage',
  glow: 'Glow (bercahaya)',
};

export const VIDEO_EFFECT_OPTIONS = VIDEO_EFFECTS.map((effect) => ({
  value: effect,
  label: VIDEO_EFFECT_LABELS[effect],
}));

/** An upload's state in the words of the upload history. */
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  scheduled: 'Terjadwal',
  processing: 'Sedang diproses',
  uploaded: 'Terupload',
  failed: 'Gagal',
  cancelled: 'Dibatalkan',
};

/** The badge an upload's state wears: 'Terupload' in green (spec part 2), 'Gagal' in red. */
export function uploadStatusTone(status: string): BadgeTone {
  if (status === 'uploaded') return 'success';
  if (status === 'failed') return 'danger';
  return 'neutral';
}
