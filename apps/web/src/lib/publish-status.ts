import type { TargetStatus } from '@scrapper/contracts/http/publish';
import type { BadgeTone } from '@scrapper/ui/badge';

// What a publishing target's status is called, wherever a post's destinations are shown (the
// Publikasikan page's recent posts, an automation run's posts).

export const TARGET_STATUS_LABELS: Record<TargetStatus, string> = {
  queued: 'Menunggu',
  uploading: 'Mengunggah',
  processing: 'Diproses platform',
  published: 'Terbit',
  sent_to_inbox: 'Terkirim ke kotak masuk TikTok',
  failed: 'Gagal',
  cancelled: 'Dibatalkan',
};

export function targetStatusTone(status: TargetStatus): BadgeTone {
  if (status === 'published' || status === 'sent_to_inbox') return 'info';
  if (status === 'failed') return 'danger';
  return 'neutral';
}
