// Issue 19 (automations): the rules the API, the worker and the page share, as pure functions.
// - when an automation runs next (every N minutes, or at fixed times of day in WIB);
// - which scraped items its filters keep, and why the rest were left out;
// - into which posting slots (WIB) its uploads go, within the YouTube upload quota.
// Jakarta is UTC+7 all year, so WIB wall-clock arithmetic is plain offset arithmetic.

import { jakartaDate, jakartaDayStart, addDays } from './jakarta-time.ts';
import { nextQuotaDayStart } from './youtube-quota.ts';
import { titleKey } from './title-key.ts';
import { itemDisplayTitle } from './readable-file-name.ts';

export const AUTOMATION_LIMITS = {
  /** Never more often than every 15 minutes. */
  minIntervalMinutes: 15,
  maxIntervalMinutes: 7 * 24 * 60,
  /** Fixed run times or posting slots a day. */
  maxTimesPerDay: 24,
  maxWords: 50,
  /** A posting slot is taken only if it is at least this far ahead of the upload's creation. */
  slotLeadMinutes: 10,
  /** How many days ahead the slot planner looks before giving up. */
  maxPlanDays: 366,
  /** Failed runs in a row that pause an automation. */
  failuresBeforePause: 3,
} as const;

/** HH:MM from 00:00 to 23:59. */
export const SLOT_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const automationMessages = {
  name: 'Nama otomasi wajib diisi.',
  nameLength: 'Nama otomasi maksimal 100 karakter.',
  scheduleKind: 'Jadwal harus "interval" (setiap N menit) atau "times" (jam tertentu WIB).',
  intervalTooOften: `Jadwal tidak boleh lebih sering dari setiap ${AUTOMATION_LIMITS.minIntervalMinutes} menit.`,
  intervalRange: `Interval jadwal harus bilangan bulat menit dari ${AUTOMATION_LIMITS.minIntervalMinutes} sampai ${AUTOMATION_LIMITS.maxIntervalMinutes} (7 hari).`,
  slotFormat: 'Jam harus berformat HH:MM antara 00:00 dan 23:59 (WIB).',
  timesRequired: 'Isi minimal satu jam jalan (HH:MM WIB).',
  slotsRequired: 'Isi minimal satu slot posting (HH:MM WIB).',
  tooManyTimes: `Paling banyak ${AUTOMATION_LIMITS.maxTimesPerDay} jam dalam sehari.`,
  duplicateTimes: 'Jam yang sama tidak boleh diisi dua kali.',
  minPlays: 'Minimal jumlah putar harus bilangan bulat 0 atau lebih.',
  minLikes: 'Minimal jumlah suka harus bilangan bulat 0 atau lebih.',
  duration: 'Durasi harus bilangan bulat detik dari 0 sampai 86400.',
  durationMinMax: 'Durasi minimal tidak boleh lebih besar dari durasi maksimal.',
  postedWithin: 'Diposting dalam N hari terakhir harus bilangan bulat dari 1 sampai 3650.',
  emptyWord: 'Kata filter tidak boleh kosong.',
  wordTooLong: 'Kata filter maksimal 100 karakter.',
  wordList: 'Kata filter harus berupa daftar kata.',
  tooManyWords: `Paling banyak ${AUTOMATION_LIMITS.maxWords} kata filter.`,
  flag: 'Nilai harus true atau false.',
  maxPerDay: `Maksimal upload per hari harus bilangan bulat dari 1 sampai ${AUTOMATION_LIMITS.maxTimesPerDay}.`,
  maxPerDayOverSlots: 'Maksimal upload per hari tidak boleh lebih dari jumlah slot posting.',
  metadataMode: 'Metadata harus "template" atau "gemini".',
  templateTitle: 'Template judul wajib diisi.',
  templateTitleLength: 'Template judul maksimal 100 karakter.',
  templateDescriptionLength: 'Template deskripsi maksimal 5000 karakter.',
  tooManyTags: 'Paling banyak 30 tag.',
  nothingToUpdate: 'Tidak ada yang diubah.',
  notFound: 'Otomasi tidak ditemukan.',
  runNotFound: 'Run otomasi tidak ditemukan.',
  accountNotFound: 'Akun YouTube tidak ditemukan.',
  destinationNotFound: 'Tujuan publikasi tidak ditemukan di akun Anda. Muat ulang daftar tujuan lalu pilih lagi.',
  destinationsRequired: 'Pilih minimal satu tujuan publikasi.',
  tooManyDestinations: 'Terlalu banyak tujuan publikasi (maksimal 20).',
  duplicateDestinations: 'Tujuan publikasi yang sama tidak boleh dipilih dua kali.',
  playlistWithoutYouTube: 'Playlist hanya berlaku bila salah satu tujuan adalah channel YouTube.',
  playlistNotFound: 'Playlist tidak ditemukan di akun YouTube ini.',
  alreadyRunning: 'Otomasi ini sedang berjalan. Tunggu sampai run selesai.',
} as const;

// ---------------------------------------------------------------------------------------
// Schedule
// ---------------------------------------------------------------------------------------

export type ScheduleRule = { kind: 'interval'; intervalMinutes: number } | { kind: 'times'; times: readonly string[] };

const MINUTE = 60_000;

/** Minutes after WIB midnight of an HH:MM. */
export function slotMinutes(slot: string): number {
  const [h = 0, m = 0] = slot.split(':').map(Number);
  return h * 60 + m;
}

/** The instant of an HH:MM WIB on a Jakarta date (yyyy-MM-dd). */
export function wibInstant(isoDate: string, slot: string): Date {
  return new Date(jakartaDayStart(isoDate).getTime() + slotMinutes(slot) * MINUTE);
}

/**
 * When an automation runs next, strictly after `after` (the moment a run was claimed, or the
 * moment it was created or resumed). Interval: `after` plus the interval. Times: the first of
 * the listed WIB times after `after`. Computed from "now", never from the missed due time, so
 * a long outage yields one run when the workers return, not one per missed slot.
 */
export function nextRunAt(schedule: ScheduleRule, after: Date): Date {
  if (schedule.kind === 'interval') return new Date(after.getTime() + schedule.intervalMinutes * MINUTE);
  const sorted = [...schedule.times].sort((a, b) => slotMinutes(a) - slotMinutes(b));
  const today = jakartaDate(after);
  for (let day = 0; day <= 1; day++) {
    const date = addDays(today, day);
    for (const time of sorted) {
      const at = wibInstant(date, time);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  // Unreachable with at least one time; keep a sane answer anyway.
  return new Date(after.getTime() + 24 * 60 * MINUTE);
}

// ---------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------

export const FILTER_REASONS = [
  'minPlays',
  'minLikes',
  'duration',
  'postedWithin',
  'includeWords',
  'excludeWords',
  'alreadyDownloaded',
  'duplicateTitle',
  'seenBefore',
] as const;
export type FilterReason = (typeof FILTER_REASONS)[number];

/** Indonesian labels of the reasons, for the run page. */
export const FILTER_REASON_LABELS: Record<FilterReason, string> = {
  minPlays: 'Jumlah putar di bawah minimal',
  minLikes: 'Jumlah suka di bawah minimal',
  duration: 'Durasi di luar rentang',
  postedWithin: 'Diposting terlalu lama (atau tanggal tidak diketahui)',
  includeWords: 'Judul tanpa kata wajib',
  excludeWords: 'Judul memuat kata terlarang',
  alreadyDownloaded: 'Sudah pernah diunduh',
  duplicateTitle: 'Judul duplikat',
  seenBefore: 'Sudah diambil otomasi ini sebelumnya',
};

export interface FilterRules {
  minPlays: number | null;
  minLikes: number | null;
  minDurationSeconds: number | null;
  maxDurationSeconds: number | null;
  postedWithinDays: number | null;
  includeWords: readonly string[];
  excludeWords: readonly string[];
  skipDownloaded: boolean;
  skipDuplicateTitles: boolean;
}

export interface FilterableItem {
  id: string;
  platform: string;
  title: string;
  /** For an untitled item's fallback title ("Video TikTok dari @kreator"). */
  author?: string;
  duration: number | null;
  play_count: number | null;
  like_count: number | null;
  raw?: unknown;
}

/** The key an automation remembers an item by: platform and item id. */
export function itemKey(item: { platform: string; id: string }): string {
  return `${item.platform}:${item.id}`;
}

const DATE_FIELDS = [
  'createTimeISO',
  'createTime',
  'create_time',
  'createdAt',
  'created_at',
  'publishedAt',
  'published_at',
  'uploadDate',
  'upload_date',
  'timestamp',
  'taken_at',
  'takenAt',
  'date',
  'time',
];

/**
 * When the item was posted, read from the actor's raw record (actors name it differently):
 * ISO strings, `YYYYMMDD`, or Unix seconds or milliseconds. Null when none reads.
 */
export function postedAt(raw: unknown): Date | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  for (const field of DATE_FIELDS) {
    const value = record[field];
    const at = readDate(value);
    if (at) return at;
  }
  return null;
}

function readDate(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Seconds until the year 5138; milliseconds beyond.
    const ms = value < 1e11 ? value * 1000 : value;
    const at = new Date(ms);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  if (typeof value === 'string' && value.trim()) {
    const text = value.trim();
    if (/^\d{8}$/.test(text)) {
      const at = new Date(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T00:00:00Z`);
      return Number.isNaN(at.getTime()) ? null : at;
    }
    if (/^\d{9,13}$/.test(text)) return readDate(Number(text));
    if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? null : at;
  }
  return null;
}

function containsWord(title: string, word: string): boolean {
  return title.toLocaleLowerCase('id-ID').includes(word.trim().toLocaleLowerCase('id-ID'));
}

/** The first filter rule the item fails, or null when it passes them all. */
export function failedRule(item: FilterableItem, rules: FilterRules, now: Date): FilterReason | null {
  if (rules.minPlays !== null && (item.play_count ?? 0) < rules.minPlays) return 'minPlays';
  if (rules.minLikes !== null && (item.like_count ?? 0) < rules.minLikes) return 'minLikes';
  if (rules.minDurationSeconds !== null || rules.maxDurationSeconds !== null) {
    if (item.duration === null) return 'duration';
    if (rules.minDurationSeconds !== null && item.duration < rules.minDurationSeconds) return 'duration';
    if (rules.maxDurationSeconds !== null && item.duration > rules.maxDurationSeconds) return 'duration';
  }
  if (rules.postedWithinDays !== null) {
    const at = postedAt(item.raw);
    if (!at || now.getTime() - at.getTime() > rules.postedWithinDays * 24 * 60 * MINUTE) return 'postedWithin';
  }
  if (rules.includeWords.length > 0 && !rules.includeWords.some((w) => containsWord(item.title, w))) return 'includeWords';
  if (rules.excludeWords.some((w) => containsWord(item.title, w))) return 'excludeWords';
  return null;
}

export interface FilterContext {
  now: Date;
  /** Item keys (itemKey) the owner has downloaded already. */
  downloadedKeys: ReadonlySet<string>;
  /** Title keys (titleKey) seen before: the owner's downloads and this automation's items. */
  seenTitleKeys: ReadonlySet<string>;
}

export interface FilterOutcome<T> {
  kept: T[];
  filteredOut: Partial<Record<FilterReason, number>>;
}

/**
 * Applies an automation's filters: the item rules first, then "already downloaded" and
 * "duplicate title" (a title twice in this scrape counts as a duplicate from its second on).
 * Dedupe against the automation's own past items happens in the database (its unique key).
 */
export function applyFilters<T extends FilterableItem>(items: readonly T[], rules: FilterRules, context: FilterContext): FilterOutcome<T> {
  const kept: T[] = [];
  const filteredOut: Partial<Record<FilterReason, number>> = {};
  const count = (reason: FilterReason) => {
    filteredOut[reason] = (filteredOut[reason] ?? 0) + 1;
  };
  const titles = new Set(context.seenTitleKeys);
  const keys = new Set<string>();
  for (const item of items) {
    const key = itemKey(item);
    if (keys.has(key)) continue; // the same item twice in one scrape is one item
    keys.add(key);
    const failed = failedRule(item, rules, context.now);
    if (failed) {
      count(failed);
      continue;
    }
    if (rules.skipDownloaded && context.downloadedKeys.has(key)) {
      count('alreadyDownloaded');
      continue;
    }
    const title = titleKey(itemTitle(item));
    if (rules.skipDuplicateTitles && title !== '' && titles.has(title)) {
      count('duplicateTitle');
      continue;
    }
    if (title !== '') titles.add(title);
    kept.push(item);
  }
  return { kept, filteredOut };
}

// ---------------------------------------------------------------------------------------
// Metadata template
// ---------------------------------------------------------------------------------------

/**
 * The title an automation works with: the item's own, or for an item without one (a bare id,
 * nothing) the fallback the history shows ("Video TikTok dari @kreator"). Duplicate-title
 * checks and the upload template both use it.
 */
export function itemTitle(item: { id?: string; title: string; author?: string; platform: string }): string {
  return itemDisplayTitle(item);
}

// Separators a template puts between placeholders; a title never starts or ends with one.
const EDGE_SEPARATORS = /^[\s|\-\u2013\u2014:·•,;/]+|[\s|\-\u2013\u2014:·•,;/]+$/g;

/**
 * An upload's title from the member's template: placeholders filled with the item's title (its
 * fallback when it has none), separators left dangling at either end removed, and the item's
 * title itself when the template leaves nothing.
 */
export function templateTitle(template: string, values: { title: string; author: string; platform: string }): string {
  const filled = fillTemplate(template, values).replace(/\s+/g, ' ').replace(EDGE_SEPARATORS, '').trim();
  return filled || values.title.trim();
}

/** Fills `{title}`, `{author}`, `{platform}`; unknown placeholders stay as written. */
export function fillTemplate(template: string, values: { title: string; author: string; platform: string }): string {
  return template.replace(/\{(title|author|platform)\}/g, (_, name: 'title' | 'author' | 'platform') => values[name]);
}

// ---------------------------------------------------------------------------------------
// Posting slots and the YouTube upload quota
// ---------------------------------------------------------------------------------------

export interface SlotPlanInput {
  /** HH:MM WIB. */
  slots: readonly string[];
  maxPerDay: number;
  /** When the plan is made. */
  now: Date;
  /** publishAt of uploads already scheduled into this automation's slots (still to come). */
  taken: readonly Date[];
  /** How many uploads to place. */
  count: number;
  /** Uploads (videos.insert) the account's OAuth client has left in the current quota day. */
  uploadsRemainingToday: number;
  /** The client's daily upload limit (what each next quota day brings). */
  dailyUploads: number;
}

export interface PlannedSlot {
  publishAt: Date;
  /** Null: upload now. Else: the quota day start the upload must wait for. */
  uploadAfter: Date | null;
  /** The quota of today could not serve it: it moved to a later day. */
  rolledOver: boolean;
}

/**
 * Places uploads into the next free posting slots. A slot is free when no upload of this
 * automation is scheduled at it and its WIB day holds fewer than `maxPerDay` of them; it must
 * be at least `slotLeadMinutes` after the upload happens. An upload is sent to YouTube when it
 * is created (private, with publishAt), so it spends today's upload quota: the ones past what
 * is left today wait for the next quota day (Pacific midnight) and take slots after it.
 */
export function planSlots(input: SlotPlanInput): PlannedSlot[] {
  const sorted = [...new Set(input.slots)].sort((a, b) => slotMinutes(a) - slotMinutes(b));
  if (sorted.length === 0 || input.count <= 0) return [];
  const taken = new Set(input.taken.map((d) => d.getTime()));
  const perDay = new Map<string, number>();
  for (const at of input.taken) perDay.set(jakartaDate(at), (perDay.get(jakartaDate(at)) ?? 0) + 1);

  const planned: PlannedSlot[] = [];
  let uploadAfter: Date | null = null;
  let remaining = Math.max(0, input.uploadsRemainingToday);
  let quotaDayEnd = nextQuotaDayStart(input.now);
  const lead = AUTOMATION_LIMITS.slotLeadMinutes * MINUTE;
  const lastDay = addDays(jakartaDate(input.now), AUTOMATION_LIMITS.maxPlanDays);

  let date = jakartaDate(input.now);
  let slotIndex = 0;
  while (planned.length < input.count) {
    if (remaining === 0) {
      // Today's quota is spent: the rest wait for the next quota day.
      uploadAfter = quotaDayEnd;
      quotaDayEnd = nextQuotaDayStart(new Date(quotaDayEnd.getTime() + MINUTE));
      remaining = Math.max(0, input.dailyUploads);
      if (remaining === 0) break;
      continue;
    }
    if (date > lastDay) break;
    const slot = sorted[slotIndex];
    if (slot === undefined) {
      date = addDays(date, 1);
      slotIndex = 0;
      continue;
    }
    slotIndex++;
    const at = wibInstant(date, slot);
    const uploadTime = uploadAfter ?? input.now;
    if (at.getTime() < uploadTime.getTime() + lead) continue;
    if (taken.has(at.getTime())) continue;
    if ((perDay.get(date) ?? 0) >= input.maxPerDay) {
      date = addDays(date, 1);
      slotIndex = 0;
      continue;
    }
    taken.add(at.getTime());
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
    planned.push({ publishAt: at, uploadAfter, rolledOver: uploadAfter !== null });
    remaining--;
  }
  return planned;
}
