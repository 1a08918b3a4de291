import { useEffect, useState, type ReactNode } from 'react';
import { ListMore } from '@/components/list-more.tsx';
import { useVirtualWindow } from '@/hooks/use-virtual-window.ts';

/** Rows from the end of the loaded ones at which the next page is asked for. */
const LOAD_AHEAD_ROWS = 20;

/** The rows loaded so far and the paging state (a `usePagedList` result is one). */
export interface PagedRows<T> {
  items: readonly T[];
  /** Every matching row on the server: screen readers hear "5 of 6,001", not "5 of 100". */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  loadMore: () => void;
}

export interface PagedVirtualListProps<T> {
  /** The list's accessible name. */
  label: string;
  pages: PagedRows<T>;
  idOf: (item: T) => string;
  /** One fixed height per layout (the window's arithmetic is exact with it); includes the gap. */
  rowHeight: number;
  renderRow: (item: T, index: number) => ReactNode;
  /** What is shown of what, e.g. "Menampilkan 100 dari 6.001 file." */
  summary: string;
  moreFailedText: string;
}

/**
 * A long server list: only the rows in view (and a few around them) are in the DOM, the next
 * page loads as the member scrolls near the end, and 'Muat Lebih Banyak' does the same for
 * keyboard users. Rows are keyed by id: a focused row keeps its focus while it stays in the
 * window, and Tab scrolls the next row into view (and so into the window).
 */
export function PagedVirtualList<T>({
  label,
  pages,
  idOf,
  rowHeight,
  renderRow,
  summary,
  moreFailedText,
}: PagedVirtualListProps<T>) {
  const { items, total, hasMore, loadingMore, moreFailed, loadMore: onLoadMore } = pages;
  const { ref, onScroll, range } = useVirtualWindow({ rowCount: items.length, rowHeight, overscan: 6 });
  // Only once the member scrolls the list: a short first page that fits the box is not followed
  // by a burst of further pages nobody asked for ('Muat Lebih Banyak' is there for that).
  const [scrolled, setScrolled] = useState(false);
  const nearEnd = scrolled && range.end >= items.length - LOAD_AHEAD_ROWS;

  useEffect(() => {
    if (nearEnd && hasMore && !loadingMore && !moreFailed) onLoadMore();
  }, [nearEnd, hasMore, loadingMore, moreFailed, onLoadMore]);

  const rows = items.slice(range.start, range.end);
  return (
    <>
      <div
        ref={ref}
        className="paged-list"
        onScroll={() => {
          setScrolled(true);
          onScroll();
        }}
      >
        <ul
          className="paged-list__items"
          aria-label={label}
          style={{ paddingTop: range.paddingTop, paddingBottom: range.paddingBottom }}
        >
          {rows.map((item, offset) => {
            const index = range.start + offset;
            return (
              <li
                key={idOf(item)}
                className="paged-list__row"
                style={{ height: rowHeight }}
                aria-setsize={Math.max(total, items.length)}
                aria-posinset={index + 1}
              >
                {renderRow(item, index)}
              </li>
            );
          })}
        </ul>
      </div>
      <ListMore
        summary={summary}
        hasMore={hasMore}
        loadingMore={loadingMore}
        moreFailed={moreFailed}
        moreFailedText={moreFailedText}
        onLoadMore={onLoadMore}
      />
    </>
  );
}
