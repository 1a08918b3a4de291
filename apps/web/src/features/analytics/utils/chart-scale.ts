// Bar heights of the daily chart. Spec part 2, section 9: the chart covers the last 7 days
// and a bar is at least 20 px tall, so a day with one download next to a day with 500 still
// shows a bar someone can see (and hover) instead of a hairline.

/** Spec part 2, section 9: bar minimum height 20 px. */
export const MIN_BAR_HEIGHT = 20;

/**
 * The height in px of a bar for `value` when `max` fills `plotHeight`: 0 for zero (no bar:
 * nothing happened that day), otherwise proportional but never below `minHeight` and never
 * above the plot.
 */
export function barHeight(
  value: number,
  max: number,
  plotHeight: number,
  minHeight: number = MIN_BAR_HEIGHT,
): number {
  if (!(value > 0) || !(max > 0) || !(plotHeight > 0)) return 0;
  const proportional = Math.round((Math.min(value, max) / max) * plotHeight);
  return Math.min(plotHeight, Math.max(minHeight, proportional));
}

/** Heights for a whole series, scaled to its largest value. */
export function barHeights(
  values: readonly number[],
  plotHeight: number,
  minHeight: number = MIN_BAR_HEIGHT,
): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => barHeight(value, max, plotHeight, minHeight));
}
