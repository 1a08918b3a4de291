import { describe, expect, it } from 'vitest';
import { MIN_BAR_HEIGHT, barHeight, barHeights } from './chart-scale.ts';

describe('daily chart bar heights', () => {
  it('fills the plot with the largest value and scales the others to it', () => {
    expect(barHeights([10, 5, 8], 160)).toEqual([160, 80, 128]);
  });

  it('keeps a non-zero bar at least 20 px tall, however small next to the largest', () => {
    expect(MIN_BAR_HEIGHT).toBe(20);
    expect(barHeight(1, 500, 160)).toBe(20);
    // 12.5% of 160 is exactly 20: proportional and minimum agree.
    expect(barHeight(1, 8, 160)).toBe(20);
    expect(barHeight(3, 16, 160)).toBe(30);
  });

  it('draws no bar for a day without downloads', () => {
    expect(barHeights([0, 4, 0], 160)).toEqual([0, 160, 0]);
  });

  it('draws nothing at all for a week without downloads (no division by zero)', () => {
    expect(barHeights([0, 0, 0, 0, 0, 0, 0], 160)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(barHeights([], 160)).toEqual([]);
  });

  it('never draws past the plot, even with a minimum taller than the plot', () => {
    expect(barHeight(1, 1, 12)).toBe(12);
    expect(barHeight(9, 3, 160)).toBe(160);
  });

  it('treats negative or non-numbers as nothing', () => {
    expect(barHeight(-3, 10, 160)).toBe(0);
    expect(barHeight(Number.NaN, 10, 160)).toBe(0);
  });
});
