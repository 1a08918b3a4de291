import type { MappingCounts, SkipReason } from './map-items.ts';

// How a task's counts read in Indonesian: the task card, the last log line and the
// notification say the same words ("40 ditemukan, 0 disimpan: 40 bukan video").

/** The reasons in the order they are told, with their words. */
export const SKIP_REASON_LABELS: Readonly<Record<SkipReason, string>> = {
  notVideo: 'bukan video',
  noUrl: 'tanpa URL video',
  duplicate: 'duplikat',
  invalid: 'tidak terbaca',
};
const ORDER: readonly SkipReason[] = ['notVideo', 'noUrl', 'duplicate', 'invalid'];

/** `40 ditemukan, 0 disimpan: 40 bukan video` (the part after the colon only when something was dropped). */
export function describeCounts(counts: MappingCounts): string {
  const head = `${counts.found} ditemukan, ${counts.saved} disimpan`;
  const reasons = ORDER.flatMap((reason) => {
    const n = counts.skipped[reason] ?? 0;
    return n > 0 ? [`${n} ${SKIP_REASON_LABELS[reason]}`] : [];
  });
  return reasons.length > 0 ? `${head}: ${reasons.join(', ')}` : head;
}

/** What to do about a run whose items were all dropped, by the reason that dropped the most. */
const ADVICE: Readonly<Record<SkipReason, string>> = {
  notVideo: 'Target ini tidak berisi video; coba halaman, akun atau kata kunci lain yang memuat video.',
  noUrl: 'Item yang ditemukan tidak membawa link video (sering berarti bukan video); coba target lain, atau minta admin memeriksa Mapping Hasil aktor ini.',
  duplicate: 'Semua item sama dengan item sebelumnya; coba target lain.',
  invalid: 'Bentuk hasil aktor tidak dikenali; minta admin memeriksa Mapping Hasil aktor ini.',
};

/**
 * The warning of a completed task that found items but kept none (null otherwise): the
 * counts and what to do. Such a task is not a success to celebrate.
 */
export function countsWarning(counts: MappingCounts): string | null {
  if (counts.found === 0 || counts.saved > 0) return null;
  let main: SkipReason = 'invalid';
  let most = 0;
  for (const reason of ORDER) {
    const n = counts.skipped[reason] ?? 0;
    if (n > most) {
      main = reason;
      most = n;
    }
  }
  return `Tidak ada item yang disimpan (${describeCounts(counts)}). ${ADVICE[main]}`;
}
