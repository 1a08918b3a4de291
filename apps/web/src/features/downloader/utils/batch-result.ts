// The result notification after a batch (spec part 2, sections 4 and 8): success when every
// item downloaded, warning when some failed (their titles in the message, and each with its
// reason below it), error when all failed. A batch the user cancelled says so instead.

export interface BatchItemOutcome {
  itemId: string;
  downloadId: string;
  title: string;
  status: 'completed' | 'failed' | 'cancelled';
  error: string | null;
  /** yt-dlp's own words, folded under "Detail". */
  errorDetail?: string | null;
}

export interface BatchOutcome {
  items: BatchItemOutcome[];
  /** The user pressed 'Batalkan'. */
  cancelled: boolean;
}

export type BatchNoticeTone = 'success' | 'warning' | 'danger' | 'info';

export interface BatchFailure {
  title: string;
  reason: string;
  detail?: string | null;
}

export interface BatchNotice {
  tone: BatchNoticeTone;
  message: string;
  failures: BatchFailure[];
}

const UNKNOWN_REASON = 'alasan tidak diketahui';

function failureOf(item: BatchItemOutcome): BatchFailure {
  return {
    title: item.title || item.itemId,
    reason: item.error || UNKNOWN_REASON,
    ...(item.errorDetail ? { detail: item.errorDetail } : {}),
  };
}

export function batchNotice(outcome: BatchOutcome): BatchNotice {
  const completed = outcome.items.filter((item) => item.status === 'completed').length;
  // Items stopped by the user's cancel are not failures; a cancel by anything else is.
  const failures = outcome.items
    .filter(
      (item) => item.status === 'failed' || (item.status === 'cancelled' && !outcome.cancelled),
    )
    .map(failureOf);

  if (outcome.cancelled) {
    if (completed === 0) return { tone: 'info', message: 'Unduhan dibatalkan.', failures };
    return {
      tone: 'warning',
      message: `Unduhan dibatalkan. Berhasil mengunduh ${completed} file sebelum dibatalkan.`,
      failures,
    };
  }
  if (failures.length === 0) {
    return { tone: 'success', message: `Berhasil mengunduh ${completed} file.`, failures };
  }
  if (completed === 0) {
    return { tone: 'danger', message: 'Gagal mengunduh semua file yang dipilih.', failures };
  }
  const titles = failures.map((failure) => failure.title).join(', ');
  return {
    tone: 'warning',
    message: `Berhasil mengunduh ${completed} file, ${failures.length} gagal: ${titles}.`,
    failures,
  };
}

/** The progress line of the overlay. */
export function progressText(done: number, total: number): string {
  return `Selesai mengunduh ${done} dari ${total} item`;
}
