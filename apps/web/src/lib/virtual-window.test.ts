import { describe, expect, it } from 'vitest';
import { computeWindow } from './virtual-window.ts';

const base = { rowHeight: 50, viewportHeight: 500, overscan: 5 };

describe('computeWindow', () => {
  it('renders the rows in view plus the overscan, with spacers for the rest', () => {
    const range = computeWindow({ ...base, scrollTop: 0, rowCount: 5000 });
    expect(range).toEqual({ start: 0, end: 15, paddingTop: 0, paddingBottom: (5000 - 15) * 50 });
  });

  it('follows the scroll position', () => {
    const range = computeWindow({ ...base, scrollTop: 1000, rowCount: 5000 });
    // Rows 20..29 are in view; 5 more on each side.
    expect(range.start).toBe(15);
    expect(range.end).toBe(35);
    expect(range.paddingTop).toBe(15 * 50);
  });

  it('keeps spacer + rendered rows equal to the full height wherever it is', () => {
    for (const scrollTop of [0, 123, 4_999, 77_777, 249_500]) {
      const r = computeWindow({ ...base, scrollTop, rowCount: 5000 });
      expect(r.paddingTop + (r.end - r.start) * 50 + r.paddingBottom).toBe(5000 * 50);
    }
  });

  it('counts a half-visible row at the bottom edge', () => {
    const range = computeWindow({ ...base, overscan: 0, scrollTop: 25, rowCount: 100 });
    // 25..525 touches rows 0..10.
    expect(range.start).toBe(0);
    expect(range.end).toBe(11);
  });

  it('reads a scroll position past the end as the end', () => {
    const range = computeWindow({ ...base, scrollTop: 999_999, rowCount: 20 });
    expect(range.end).toBe(20);
    expect(range.start).toBe(5);
    expect(range.paddingBottom).toBe(0);
  });

  it('renders everything when the list is shorter than the view', () => {
    expect(computeWindow({ ...base, scrollTop: 0, rowCount: 3 })).toEqual({
      start: 0,
      end: 3,
      paddingTop: 0,
      paddingBottom: 0,
    });
  });

  it('renders at least one row before the viewport is measured', () => {
    const range = computeWindow({
      ...base,
      viewportHeight: 0,
      overscan: 0,
      scrollTop: 0,
      rowCount: 10,
    });
    expect(range.end).toBe(1);
  });

  it('renders nothing for an empty list', () => {
    expect(computeWindow({ ...base, scrollTop: 40, rowCount: 0 })).toEqual({
      start: 0,
      end: 0,
      paddingTop: 0,
      paddingBottom: 0,
    });
  });
});
