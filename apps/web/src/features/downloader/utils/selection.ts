// Selection rules of the video table. The selection belongs to one result file (spec:
// changing the file clears it). The table holds only the pages it loaded of a file that may
// have 200,000 items, so:
// - the selection is a set of item ids that stays while the filters, search or order change:
//   "Download Terpilih (N)" downloads those N, listed now or not (searching for one video,
//   then another, and downloading both works);
// - "pilih semua" selects the first SELECT_ALL_LIMIT items the current filters and order
//   list (loading the pages it needs), never more: one batch's worth. The member is told when
//   more items match; they download those, hide the downloaded ones, and select again.

import { BATCH_LIMIT } from './run-batches.ts';

export interface Selection {
  fileName: string | null;
  ids: ReadonlySet<string>;
}

/** At most one batch: what the server takes in one request. */
export const SELECT_ALL_LIMIT = BATCH_LIMIT;

const EMPTY: ReadonlySet<string> = new Set();

export function emptySelection(fileName: string | null): Selection {
  return { fileName, ids: EMPTY };
}

/** The ids selected for `fileName`; none when the selection was made in another file. */
export function idsFor(selection: Selection, fileName: string | null): ReadonlySet<string> {
  return selection.fileName === fileName ? selection.ids : EMPTY;
}

/** How many items "pilih semua" takes: all that match, up to the limit. */
export function selectAllTarget(total: number): number {
  return Math.min(Math.max(total, 0), SELECT_ALL_LIMIT);
}

export type SelectAllState = 'none' | 'some' | 'all';

/**
 * The header checkbox: checked when the items "pilih semua" would take (`headIds`, the first
 * listed ones loaded) are all there and selected; mixed when anything else of the file is
 * selected; clear when nothing is. It looks at the first 500 rows only, never at every row
 * loaded (up to 200,000).
 */
export function selectAllState(
  selected: ReadonlySet<string>,
  headIds: readonly string[],
  total: number,
): SelectAllState {
  const target = selectAllTarget(total);
  if (target === 0 || selected.size === 0) return 'none';
  const head = headIds.slice(0, target);
  if (head.length === target && head.every((id) => selected.has(id))) return 'all';
  return 'some';
}

/**
 * "Pilih semua": when its items are all selected, clears them; otherwise adds them (the
 * first `selectAllTarget(total)` listed ids, which the caller has loaded) to the selection.
 */
export function toggleAll(
  selected: ReadonlySet<string>,
  listedIds: readonly string[],
  total: number,
): Set<string> {
  const head = listedIds.slice(0, selectAllTarget(total));
  const next = new Set(selected);
  if (head.length > 0 && head.every((id) => selected.has(id))) {
    for (const id of head) next.delete(id);
  } else {
    for (const id of head) next.add(id);
  }
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string, checked: boolean) {
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}

/** What "pilih semua" tells the member when it could not take every matching item. */
export function selectAllNotice(total: number): string | null {
  if (total <= SELECT_ALL_LIMIT) return null;
  const count = total.toLocaleString('id-ID');
  return `${SELECT_ALL_LIMIT} item pertama dipilih dari ${count} item yang cocok (paling banyak ${SELECT_ALL_LIMIT} sekali pilih). Setelah diunduh, centang "Sembunyikan yang sudah diunduh" lalu pilih semua lagi untuk item berikutnya.`;
}
