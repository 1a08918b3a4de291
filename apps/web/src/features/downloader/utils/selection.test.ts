import { describe, expect, it } from 'vitest';
import {
  SELECT_ALL_LIMIT,
  emptySelection,
  idsFor,
  selectAllNotice,
  selectAllState,
  selectAllTarget,
  toggleAll,
  toggleOne,
} from './selection.ts';

const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `id${from + i}`);

describe('selection rules', () => {
  it('belongs to its file: another file starts with nothing selected', () => {
    const selection = { fileName: 'a.json', ids: new Set(['1', '2']) };
    expect([...idsFor(selection, 'a.json')]).toEqual(['1', '2']);
    expect(idsFor(selection, 'b.json').size).toBe(0);
    expect(idsFor(emptySelection('a.json'), 'a.json').size).toBe(0);
  });

  it('select all takes every listed item when they fit in one batch, then clears them', () => {
    const listed = ['1', '2', '3'];
    const all = toggleAll(new Set(['2']), listed, 3);
    expect([...all].sort()).toEqual(['1', '2', '3']);
    expect(selectAllState(all, listed, 3)).toBe('all');
    expect(toggleAll(all, listed, 3).size).toBe(0);
  });

  it('select all takes at most one batch: the first 500 listed, in the listed order', () => {
    const listed = ids(700);
    const selected = toggleAll(new Set(), listed, 200_000);
    expect(selected.size).toBe(SELECT_ALL_LIMIT);
    expect(selected.has('id0')).toBe(true);
    expect(selected.has(`id${SELECT_ALL_LIMIT - 1}`)).toBe(true);
    expect(selected.has(`id${SELECT_ALL_LIMIT}`)).toBe(false);
    // Those 500 are what the header checkbox checks, though 200,000 match.
    expect(selectAllState(selected, listed, 200_000)).toBe('all');
    expect(selectAllTarget(200_000)).toBe(SELECT_ALL_LIMIT);
    expect(selectAllTarget(42)).toBe(42);
  });

  it('keeps items selected earlier (another search) when select all adds the listed ones', () => {
    const earlier = new Set(['other-search']);
    const next = toggleAll(earlier, ['1', '2'], 2);
    expect([...next].sort()).toEqual(['1', '2', 'other-search']);
    // The second press clears only the listed ones.
    expect([...toggleAll(next, ['1', '2'], 2)]).toEqual(['other-search']);
  });

  it('the header checkbox is mixed while the items select all would take are not all loaded and selected', () => {
    const listed = ['1', '2', '3'];
    expect(selectAllState(new Set(), listed, 3)).toBe('none');
    expect(selectAllState(new Set(['2']), listed, 3)).toBe('some');
    // All loaded rows selected, but the server lists 10 and only 3 are loaded: not 'all'.
    expect(selectAllState(new Set(listed), listed, 10)).toBe('some');
    // Items selected under another search: something is selected, not all of these.
    expect(selectAllState(new Set(['elsewhere']), listed, 3)).toBe('some');
    expect(selectAllState(new Set(['1']), [], 0)).toBe('none');
  });

  it('toggles one item', () => {
    const one = toggleOne(new Set(), 'a', true);
    expect([...one]).toEqual(['a']);
    expect(toggleOne(one, 'a', false).size).toBe(0);
  });

  it('says so when more items match than select all takes', () => {
    expect(selectAllNotice(SELECT_ALL_LIMIT)).toBeNull();
    expect(selectAllNotice(3000)).toBe(
      '500 item pertama dipilih dari 3.000 item yang cocok (paling banyak 500 sekali pilih). Setelah diunduh, centang "Sembunyikan yang sudah diunduh" lalu pilih semua lagi untuk item berikutnya.',
    );
  });
});
