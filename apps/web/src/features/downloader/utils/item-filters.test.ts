import { describe, expect, it } from 'vitest';
import { NO_HIDE_FILTERS, applyHideFilters, isHiddenByDuration, titleKey } from './item-filters.ts';

const item = (title: string, duration: number | null) => ({ title, duration });

describe('duration filters', () => {
  it('hides items shorter than the minimum and longer than the maximum', () => {
    const filters = { ...NO_HIDE_FILTERS, minSeconds: 60, maxSeconds: 180 };
    expect(isHiddenByDuration(item('a', 59.9), filters)).toBe(true);
    expect(isHiddenByDuration(item('a', 60), filters)).toBe(false);
    expect(isHiddenByDuration(item('a', 180), filters)).toBe(false);
    expect(isHiddenByDuration(item('a', 181), filters)).toBe(true);
  });

  it('never hides an item whose duration is unknown', () => {
    const filters = { ...NO_HIDE_FILTERS, minSeconds: 60, maxSeconds: 60 };
    expect(isHiddenByDuration(item('a', null), filters)).toBe(false);
  });

  it('hides nothing when off', () => {
    expect(isHiddenByDuration(item('a', 0), NO_HIDE_FILTERS)).toBe(false);
    expect(isHiddenByDuration(item('a', 100_000), NO_HIDE_FILTERS)).toBe(false);
  });
});

describe('duplicate filter', () => {
  it('compares trimmed, case-insensitive titles and keeps the first', () => {
    const items = [item('Kucing Lucu', 10), item('  kucing lucu ', 20), item('KUCING LUCU', 30)];
    const result = applyHideFilters(items, { ...NO_HIDE_FILTERS, hideDuplicates: true });
    expect(result.visible).toEqual([items[0]]);
    expect(result.hiddenAsDuplicate).toBe(2);
  });

  it('keeps every item when off', () => {
    const items = [item('a', 1), item('A', 1)];
    expect(applyHideFilters(items, NO_HIDE_FILTERS).visible).toEqual(items);
  });

  it('does not treat untitled items as duplicates of each other', () => {
    const items = [item('', 1), item('   ', 2)];
    expect(applyHideFilters(items, { ...NO_HIDE_FILTERS, hideDuplicates: true }).visible).toEqual(
      items,
    );
  });

  it('keeps the twin the duration filter leaves when the first one is hidden', () => {
    const items = [item('Sama', 30), item('sama', 90)];
    const result = applyHideFilters(items, {
      minSeconds: 60,
      maxSeconds: null,
      hideDuplicates: true,
    });
    expect(result.visible).toEqual([items[1]]);
    expect(result).toMatchObject({ hiddenByDuration: 1, hiddenAsDuplicate: 0 });
  });

  it('keeps the order of the file', () => {
    const items = [item('b', 1), item('a', 1), item('B', 1), item('c', 1)];
    const result = applyHideFilters(items, { ...NO_HIDE_FILTERS, hideDuplicates: true });
    expect(result.visible.map((i) => i.title)).toEqual(['b', 'a', 'c']);
  });

  it('uses a locale-aware lower case', () => {
    expect(titleKey('  ÉCLAIR ')).toBe('éclair');
  });
});
