import type { HistoryQuery } from '@scrapper/contracts/http/media';
import { addDays, jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import { fromDisplayDate, toDisplayDate } from '@/lib/display-date.ts';

// The history's filters (spec part 2, sections 3 and 9): platform, start and end date (typed
// as dd/MM/yyyy like every date in the app, sent as yyyy-MM-dd), search, sort field and
// order, and for admins the user. Dates are Jakarta days, as the server reads them, so the
// quick ranges count Jakarta days too.

export type SortField = HistoryQuery['sortBy'];
export type SortOrder = HistoryQuery['order'];

export interface HistoryFilterValues {
  platform: string;
  /** dd/MM/yyyy as typed; '' = open. */
  startDate: string;
  endDate: string;
  search: string;
  sortBy: SortField;
  order: SortOrder;
  /** Admins only; '' = every user. */
  userId: string;
}

export const DEFAULT_FILTERS: HistoryFilterValues = {
  platform: '',
  startDate: '',
  endDate: '',
  search: '',
  sortBy: 'createdAt',
  order: 'desc',
  userId: '',
};

export const SORT_FIELD_OPTIONS: { value: SortField; label: string }[] = [
  { value: 'createdAt', label: 'Tanggal unduh' },
  { value: 'title', label: 'Judul' },
  { value: 'platform', label: 'Platform' },
  { value: 'author', label: 'Author' },
];

export const ORDER_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'desc', label: 'Menurun (terbaru / Z-A)' },
  { value: 'asc', label: 'Menaik (terlama / A-Z)' },
];

export const PAGE_SIZE = 50;

export type QuickRange = 'today' | 'last7' | 'last30';

export const QUICK_RANGES: { id: QuickRange; label: string; days: number }[] = [
  { id: 'today', label: 'Hari ini', days: 1 },
  { id: 'last7', label: '7 hari', days: 7 },
  { id: 'last30', label: '30 hari', days: 30 },
];

/** A quick range as display dates: today, or the last 7 / 30 days including today. */
export function quickRangeDates(
  range: QuickRange,
  now: Date,
): { startDate: string; endDate: string } {
  const days = QUICK_RANGES.find((r) => r.id === range)?.days ?? 1;
  const today = jakartaDate(now);
  return { startDate: toDisplayDate(addDays(today, -(days - 1))), endDate: toDisplayDate(today) };
}

export const DATE_FORMAT_ERROR = 'Tanggal harus berformat dd/mm/yyyy.';
export const DATE_ORDER_ERROR = 'Tanggal akhir tidak boleh sebelum tanggal mulai.';

export type FilterErrors = Partial<Record<'startDate' | 'endDate', string>>;

export type QueryResult =
  { ok: true; query: Omit<HistoryQuery, 'offset' | 'limit'> } | { ok: false; errors: FilterErrors };

/** The query for the server, or the date fields to fix first. */
export function toHistoryQuery(values: HistoryFilterValues): QueryResult {
  const errors: FilterErrors = {};
  const start = values.startDate.trim() ? fromDisplayDate(values.startDate) : undefined;
  const end = values.endDate.trim() ? fromDisplayDate(values.endDate) : undefined;
  if (start === null) errors.startDate = DATE_FORMAT_ERROR;
  if (end === null) errors.endDate = DATE_FORMAT_ERROR;
  if (start && end && start > end) errors.endDate = DATE_ORDER_ERROR;
  if (errors.startDate || errors.endDate || start === null || end === null) {
    return { ok: false, errors };
  }
  const search = values.search.trim();
  return {
    ok: true,
    query: {
      platform: values.platform || undefined,
      startDate: start,
      endDate: end,
      search: search || undefined,
      sortBy: values.sortBy,
      order: values.order,
      userId: values.userId || undefined,
    },
  };
}

/** How many filters narrow the list (sorting does not), for the collapsed toggle. */
export function activeFilterCount(values: HistoryFilterValues): number {
  return [values.platform, values.startDate, values.endDate, values.search.trim()].filter(Boolean)
    .length;
}
