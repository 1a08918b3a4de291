import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  fillTemplate,
  itemKey,
  itemTitle,
  templateTitle,
  nextRunAt,
  planSlots,
  postedAt,
  type FilterRules,
} from './automations.ts';
import {
  AutomationFiltersSchema,
  AutomationPublishBodySchema,
  AutomationPublishSchema,
  AutomationScheduleSchema,
  CreateAutomationBodySchema,
} from '../http/automations.ts';

const none: FilterRules = {
  minPlays: null,
  minLikes: null,
  minDurationSeconds: null,
  maxDurationSeconds: null,
  postedWithinDays: null,
  includeWords: [],
  excludeWords: [],
  skipDownloaded: false,
  skipDuplicateTitles: false,
};
const ctx = { now: new Date('2026-11-20T00:00:00Z'), downloadedKeys: new Set<string>(), seenTitleKeys: new Set<string>() };
const item = (id: string, over: Partial<{ title: string; duration: number | null; play_count: number | null; like_count: number | null; raw: unknown }> = {}) => ({
  id,
  platform: 'tiktok',
  title: `Video ${id}`,
  duration: 30,
  play_count: 1000,
  like_count: 100,
  raw: {},
  ...over,
});

describe('nextRunAt', () => {
  it('interval: now plus the interval, from now (a missed slot runs once)', () => {
    const after = new Date('2026-11-20T10:07:00Z');
    expect(nextRunAt({ kind: 'interval', intervalMinutes: 90 }, after).toISOString()).toBe('2026-11-20T11:37:00.000Z');
  });
  it('times: the next listed WIB time after now, the next day after the last', () => {
    const times = { kind: 'times' as const, times: ['21:00', '08:30'] };
    // 10:00 UTC = 17:00 WIB: next is 21:00 WIB = 14:00 UTC.
    expect(nextRunAt(times, new Date('2026-11-20T10:00:00Z')).toISOString()).toBe('2026-11-20T14:00:00.000Z');
    // Exactly 21:00 WIB: strictly after, so 08:30 WIB next day = 01:30 UTC on the 21st.
    expect(nextRunAt(times, new Date('2026-11-20T14:00:00Z')).toISOString()).toBe('2026-11-21T01:30:00.000Z');
    // 23:30 WIB (16:30 UTC): the WIB day already changed at 17:00 UTC, next is 08:30 WIB.
    expect(nextRunAt(times, new Date('2026-11-20T16:30:00Z')).toISOString()).toBe('2026-11-21T01:30:00.000Z');
    expect(nextRunAt(times, new Date('2026-11-20T17:30:00Z')).toISOString()).toBe('2026-11-21T01:30:00.000Z');
  });
});

describe('applyFilters', () => {
  it('counts each reason and keeps the rest', () => {
    const items = [
      item('a', { play_count: 10 }),
      item('b', { like_count: 1 }),
      item('c', { duration: 5 }),
      item('d', { duration: null }),
      item('e', { title: 'lucu kucing' }),
      item('f', { title: 'Kucing SPAM' }),
      item('g', { title: 'Kucing Oren' }),
    ];
    const rules = { ...none, minPlays: 100, minLikes: 10, minDurationSeconds: 10, maxDurationSeconds: 60, includeWords: ['kucing'], excludeWords: ['spam'] };
    const out = applyFilters(items, rules, ctx);
    expect(out.kept.map((i) => i.id)).toEqual(['e', 'g']);
    expect(out.filteredOut).toEqual({ minPlays: 1, minLikes: 1, duration: 2, excludeWords: 1 });
    expect(applyFilters([item('h', { title: 'anjing' })], rules, ctx).filteredOut).toEqual({ includeWords: 1 });
  });
  it('posted within N days reads the raw date; unknown dates are left out', () => {
    const rules = { ...none, postedWithinDays: 7 };
    const fresh = item('a', { raw: { createTime: Date.parse('2026-11-18T00:00:00Z') / 1000 } });
    const old = item('b', { raw: { createTimeISO: '2026-10-01T00:00:00Z' } });
    const unknown = item('c', { raw: {} });
    const out = applyFilters([fresh, old, unknown], rules, ctx);
    expect(out.kept.map((i) => i.id)).toEqual(['a']);
    expect(out.filteredOut).toEqual({ postedWithin: 2 });
  });
  it('skips downloaded items and duplicate titles (trimmed, case-insensitive), also within one scrape', () => {
    const items = [item('a'), item('b', { title: '  HELLO ' }), item('c', { title: 'hello' }), item('d', { title: 'Lama' })];
    const rules = { ...none, skipDownloaded: true, skipDuplicateTitles: true };
    const out = applyFilters(items, rules, { ...ctx, downloadedKeys: new Set([itemKey(items[0] as (typeof items)[number])]), seenTitleKeys: new Set(['lama']) });
    expect(out.kept.map((i) => i.id)).toEqual(['b']);
    expect(out.filteredOut).toEqual({ alreadyDownloaded: 1, duplicateTitle: 2 });
    // Switched off, everything passes.
    expect(applyFilters(items, none, ctx).kept).toHaveLength(4);
  });
  it('compares untitled items by their fallback title: one author twice is a duplicate, two authors are not', () => {
    const items = [
      { ...item('7312345678901234567', { title: '' }), author: '@ani' },
      { ...item('7312345678901234568', { title: '7312345678901234568' }), author: '@ani' },
      { ...item('7312345678901234569', { title: ' ' }), author: '@budi' },
    ];
    const out = applyFilters(items, { ...none, skipDuplicateTitles: true }, ctx);
    expect(out.kept.map((i) => i.author)).toEqual(['@ani', '@budi']);
    expect(out.filteredOut).toEqual({ duplicateTitle: 1 });
    // Seen before under its fallback title: left out too.
    const seen = applyFilters([items[2] as (typeof items)[number]], { ...none, skipDuplicateTitles: true }, { ...ctx, seenTitleKeys: new Set(['video tiktok dari @budi']) });
    expect(seen.filteredOut).toEqual({ duplicateTitle: 1 });
  });
});

describe('itemTitle and templateTitle', () => {
  it('gives an untitled item the history\'s fallback before the template is applied', () => {
    const title = itemTitle({ id: '7312345678901234567', title: '', author: '@ani', platform: 'tiktok' });
    expect(title).toBe('Video TikTok dari @ani');
    expect(templateTitle('{title} | {platform}', { title, author: '@ani', platform: 'TikTok' })).toBe('Video TikTok dari @ani | TikTok');
    expect(itemTitle({ id: 'x', title: 'Kucing lucu', author: '@ani', platform: 'tiktok' })).toBe('Kucing lucu');
  });
  it('never starts or ends with a separator and is never empty', () => {
    expect(templateTitle('{title} | {platform}', { title: '', author: '', platform: 'TikTok' })).toBe('TikTok');
    expect(templateTitle('{author} - {title}', { title: 'Judul', author: '', platform: 'TikTok' })).toBe('Judul');
    expect(templateTitle('{author} |', { title: 'Judul', author: '', platform: 'TikTok' })).toBe('Judul');
    expect(templateTitle(' | ', { title: 'Judul', author: '', platform: 'TikTok' })).toBe('Judul');
  });
});

describe('postedAt', () => {
  it('reads seconds, milliseconds, ISO and YYYYMMDD', () => {
    expect(postedAt({ createTime: 1_700_000_000 })?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(postedAt({ timestamp: 1_700_000_000_000 })?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(postedAt({ upload_date: '20240102' })?.toISOString()).toBe('2024-01-02T00:00:00.000Z');
    expect(postedAt({ date: 'kemarin' })).toBeNull();
    expect(postedAt(null)).toBeNull();
  });
});

describe('fillTemplate', () => {
  it('fills the three placeholders', () => {
    expect(fillTemplate('{title} oleh {author} ({platform}) {x}', { title: 'A', author: 'B', platform: 'tiktok' })).toBe('A oleh B (tiktok) {x}');
  });
});

describe('planSlots', () => {
  // 2026-11-20 02:00 UTC = 09:00 WIB; Pacific day ends 08:00 UTC (15:00 WIB).
  const now = new Date('2026-11-20T02:00:00Z');
  const base = { slots: ['18:00', '10:00', '09:05'], maxPerDay: 2, now, taken: [], uploadsRemainingToday: 100, dailyUploads: 100 };
  const wib = (d: Date) => new Date(d.getTime() + 7 * 3600_000).toISOString().slice(0, 16);

  it('takes the next free slots, at most maxPerDay a day, skipping those too close', () => {
    const plan = planSlots({ ...base, count: 3 });
    // 09:05 is 5 minutes ahead (< 10 min lead): skipped.
    expect(plan.map((p) => wib(p.publishAt))).toEqual(['2026-11-20T10:00', '2026-11-20T18:00', '2026-11-21T09:05']);
    expect(plan.every((p) => p.uploadAfter === null && !p.rolledOver)).toBe(true);
  });
  it('skips slots already taken and days already full', () => {
    const taken = [new Date('2026-11-20T03:00:00Z'), new Date('2026-11-20T11:00:00Z')]; // 10:00 and 18:00 WIB today
    const plan = planSlots({ ...base, taken, count: 1 });
    expect(plan.map((p) => wib(p.publishAt))).toEqual(['2026-11-21T09:05']);
  });
  it('uploads past today’s quota wait for the next quota day and take slots after it', () => {
    const plan = planSlots({ ...base, maxPerDay: 3, count: 3, uploadsRemainingToday: 1, dailyUploads: 1 });
    expect(plan.map((p) => wib(p.publishAt))).toEqual(['2026-11-20T10:00', '2026-11-20T18:00', '2026-11-21T18:00']);
    expect(plan.map((p) => p.rolledOver)).toEqual([false, true, true]);
    // Pacific midnight: 08:00 UTC on the 20th, then on the 21st.
    expect(plan[1]?.uploadAfter?.toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(plan[2]?.uploadAfter?.toISOString()).toBe('2026-11-21T08:00:00.000Z');
  });
  it('no quota at all today: everything rolls over', () => {
    const plan = planSlots({ ...base, count: 1, uploadsRemainingToday: 0 });
    expect(plan[0]?.rolledOver).toBe(true);
    expect(plan[0] && wib(plan[0].publishAt)).toBe('2026-11-20T18:00');
  });
});

describe('automation schemas', () => {
  it('refuses schedules more often than every 15 minutes and slots out of range', () => {
    expect(AutomationScheduleSchema.safeParse({ kind: 'interval', intervalMinutes: 14 }).error?.issues[0]?.message).toMatch(/15 menit/);
    expect(AutomationScheduleSchema.safeParse({ kind: 'interval', intervalMinutes: 15 }).success).toBe(true);
    expect(AutomationScheduleSchema.safeParse({ kind: 'times', times: ['24:00'] }).error?.issues[0]?.message).toMatch(/HH:MM/);
    expect(AutomationScheduleSchema.safeParse({ kind: 'times', times: ['07:00', '07:00'] }).success).toBe(false);
  });
  it('refuses min > max duration', () => {
    const r = AutomationFiltersSchema.safeParse({ minDurationSeconds: 60, maxDurationSeconds: 10 });
    expect(r.error?.issues[0]?.message).toBe('Durasi minimal tidak boleh lebih besar dari durasi maksimal.');
  });
  it('publish: maxPerDay no more than the slots; slot format', () => {
    const publish = { destinations: ['0b8f9a3e-1b2c-4d5e-8f90-123456789abc'], slots: ['10:00'], maxPerDay: 2, madeForKids: false, metadata: { mode: 'gemini' } };
    expect(AutomationPublishSchema.safeParse(publish).success).toBe(false);
    expect(AutomationPublishSchema.safeParse({ ...publish, maxPerDay: 1 }).success).toBe(true);
    expect(AutomationPublishSchema.safeParse({ ...publish, maxPerDay: 1, slots: ['9:00'] }).success).toBe(false);
  });
  it('publish body: the old single YouTube accountId is read as its list of destinations', () => {
    const channel = '0b8f9a3e-1b2c-4d5e-8f90-123456789abc';
    const base = { slots: ['10:00'], maxPerDay: 1, madeForKids: false, metadata: { mode: 'gemini' } };
    const legacy = AutomationPublishBodySchema.parse({ ...base, accountId: channel });
    expect(legacy.destinations).toEqual([channel]);
    expect('accountId' in legacy).toBe(false);
    expect(AutomationPublishBodySchema.safeParse(base).error?.issues[0]).toMatchObject({ path: ['destinations'], message: 'Pilih minimal satu tujuan publikasi.' });
    expect(AutomationPublishBodySchema.safeParse({ ...base, destinations: [channel, channel] }).error?.issues[0]?.message).toBe('Tujuan publikasi yang sama tidak boleh dipilih dua kali.');
  });
  it('create fills defaults', () => {
    const body = CreateAutomationBodySchema.parse({
      name: ' Harian ',
      source: { actorId: 'a/b', input: { keywords: ['kucing'] }, platformInfo: { platformId: 'tiktok', scrapeType: 'keyword' } },
      schedule: { kind: 'interval', intervalMinutes: 60 },
    });
    expect(body.name).toBe('Harian');
    expect(body.publish).toBeNull();
    expect(body.download.quality).toBe('best');
    expect(body.filters.skipDownloaded).toBe(true);
  });
});
