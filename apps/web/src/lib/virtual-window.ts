// Windowing for long tables (a result file can hold thousands of items): only the rows in
// view, plus a few above and below, are in the DOM; spacers of the right height stand in for
// the rest, so the scroll bar and the scroll position behave as with every row rendered.
// Rows have one fixed height per layout, which keeps this arithmetic exact.

export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  rowCount: number;
  /** Rows rendered beyond each edge, so fast scrolling and Tab do not meet blank space. */
  overscan: number;
}

export interface WindowRange {
  /** First rendered row (inclusive). */
  start: number;
  /** Row after the last rendered one (exclusive). */
  end: number;
  /** Height standing in for the rows above `start`. */
  paddingTop: number;
  /** Height standing in for the rows from `end` on. */
  paddingBottom: number;
}

export function computeWindow({
  scrollTop,
  viewportHeight,
  rowHeight,
  rowCount,
  overscan,
}: WindowInput): WindowRange {
  if (rowCount <= 0 || rowHeight <= 0) {
    return { start: 0, end: 0, paddingTop: 0, paddingBottom: 0 };
  }
  const totalHeight = rowCount * rowHeight;
  // A scroll position past the end (the list just got shorter) is read as the end.
  const top = Math.min(Math.max(scrollTop, 0), Math.max(totalHeight - viewportHeight, 0));
  const height = Math.max(viewportHeight, 0);
  const firstVisible = Math.floor(top / rowHeight);
  const lastVisible = Math.ceil((top + height) / rowHeight);
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(rowCount, Math.max(lastVisible, firstVisible + 1) + overscan);
  return {
    start,
    end,
    paddingTop: start * rowHeight,
    paddingBottom: (rowCount - end) * rowHeight,
  };
}
