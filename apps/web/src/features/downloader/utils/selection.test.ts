import { describe, expect, it } from 'vitest';
import {
  emptySelection,
  idsFor,
  selectAllState,
  selectedVisible,
  toggleAll,
  toggleOne,
} from './selection.ts';

describe('selection rules', () => {
  it('belongs to its file: another file starts with nothing selected', () => {
    const selection = { fileName: 'a.json', ids: new Set(['1', '2']) };
    expect([...idsFor(selection, 'a.json')]).toEqual(['1', '2']);
    expect(idsFor(selection, 'b.json').size).toBe(0);
    expect(idsFor(emptySelection('a.json'), 'a.json').size).toBe(0);
  });

  it('counts only the shown items, in table order', () => {
    const selected = new Set(['3', '1', 'hidden']);
    expect(selectedVisible(selected, ['1', '2', '3'])).toEqual(['1', '3']);
  });

  it('select all picks every shown item, then clears them on the second press', () => {
    const visible = ['1', '2', '3'];
    const all = toggleAll(new Set(['2']), visible);
    expect([...all].sort()).toEqual(['1', '2', '3']);
    expect(selectAllState(all, visible)).toBe('all');
    expect(toggleAll(all, visible).size).toBe(0);
  });

  it('select all keeps the marks of hidden items', () => {
    const cleared = toggleAll(new Set(['1', '2', 'hidden']), ['1', '2']);
    expect([...cleared]).toEqual(['hidden']);
  });

  it('says none, some or all for the header checkbox', () => {
    expect(selectAllState(new Set(), ['1'])).toBe('none');
    expect(selectAllState(new Set(['1']), ['1', '2'])).toBe('some');
    expect(selectAllState(new Set(['1', '2']), ['1', '2'])).toBe('all');
    expect(selectAllState(new Set(['1']), [])).toBe('none');
  });

  it('toggles one item without touching the others', () => {
    const selected = new Set(['1']);
    expect([...toggleOne(selected, '2', true)]).toEqual(['1', '2']);
    expect([...toggleOne(selected, '1', false)]).toEqual([]);
    expect([...selected]).toEqual(['1']);
  });
});
