import type { VideoListItem } from '@scrapper/contracts/http/media';
import { Checkbox } from '@scrapper/ui/checkbox';
import { useEffect } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query.ts';
import { useVirtualWindow } from '@/hooks/use-virtual-window.ts';
import type { SelectAllState } from '../utils/selection.ts';
import { VideoRow } from './video-row.tsx';

// Row heights of the two layouts; app.css gives .video-row exactly these heights (the
// windowing arithmetic depends on them), stacked as a card below 600px.
export const ROW_HEIGHT = 64;
export const ROW_HEIGHT_NARROW = 152;
const NARROW = '(max-width: 599px)';

export interface VideoTableProps {
  /** The rows loaded so far, in the listed order. */
  items: VideoListItem[];
  /** Every row the list has on the server (aria-rowcount tells screen readers the real size). */
  total: number;
  /** The window in view ends at this loaded row (exclusive): the page asks for more near the end. */
  onWindowEnd: (end: number) => void;
  selected: ReadonlySet<string>;
  downloaded: ReadonlySet<string>;
  allState: SelectAllState;
  platformName: (platformId: string) => string;
  previewEnabled: (platformId: string) => boolean;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: () => void;
  onPreview: (item: VideoListItem) => void;
  onOpen: (item: VideoListItem) => void;
}

/** The header after the select-all box: each column's cell class and its heading. */
const HEADER_CELLS = [
  ['preview', 'Preview'],
  ['platform', 'Platform'],
  ['duration', 'Durasi'],
  ['title', 'Judul'],
  ['thumb', 'Thumbnail'],
  ['author', 'Author'],
  ['stats', 'Plays / Likes'],
  ['status', 'Status'],
] as const;

/**
 * The video table of the downloader. Only the rows in view are rendered (windowing), and only
 * the pages loaded so far are held, so files of 200,000 items scroll smoothly; the ARIA table
 * roles, row count and row indexes tell screen readers the real size and position.
 */
export function VideoTable({
  items,
  total,
  onWindowEnd,
  selected,
  downloaded,
  allState,
  platformName,
  previewEnabled,
  onToggle,
  onToggleAll,
  onPreview,
  onOpen,
}: VideoTableProps) {
  const narrow = useMediaQuery(NARROW);
  const rowHeight = narrow ? ROW_HEIGHT_NARROW : ROW_HEIGHT;
  const { ref, onScroll, range } = useVirtualWindow({ rowCount: items.length, rowHeight });
  const rows = items.slice(range.start, range.end);
  const slots = Math.max(range.end - range.start, 1);

  useEffect(() => {
    onWindowEnd(range.end);
  }, [range.end, items.length, onWindowEnd]);

  // The box scrolls; its rows hold focusable controls, so keyboard users reach (and scroll)
  // every row through them and the box itself needs no tab stop.
  return (
    <div ref={ref} className="video-table" onScroll={onScroll}>
      <div role="table" aria-label="Daftar video" aria-rowcount={Math.max(total, items.length) + 1}>
        <div role="rowgroup" className="video-table__head">
          <div role="row" aria-rowindex={1} className="video-row video-row--head">
            <div role="columnheader" className="video-cell video-cell--check">
              <Checkbox
                label={narrow ? 'Pilih semua' : 'Pilih semua item yang ditampilkan'}
                hideLabel={!narrow}
                checked={allState === 'all'}
                indeterminate={allState === 'some'}
                onChange={onToggleAll}
              />
            </div>
            {HEADER_CELLS.map(([cell, text]) => (
              <div key={cell} role="columnheader" className={`video-cell video-cell--${cell}`}>
                {text}
              </div>
            ))}
          </div>
        </div>
        <div
          role="rowgroup"
          className="video-table__body"
          style={{ paddingTop: range.paddingTop, paddingBottom: range.paddingBottom }}
        >
          {rows.map((item, offset) => {
            const index = range.start + offset;
            return (
              <VideoRow
                // Keyed by slot, not by item: a row scrolled out hands its elements to the row
                // scrolled in, so a scrolled frame updates text and attributes instead of
                // building and removing whole rows. A row stays in its slot while it is in the
                // window, so a focused row (Tab scrolls it into view) keeps its focus.
                key={index % slots}
                item={item}
                rowIndex={index + 2}
                platformName={platformName(item.platform)}
                previewEnabled={previewEnabled(item.platform)}
                checked={selected.has(item.id)}
                downloaded={item.downloaded || downloaded.has(item.id)}
                onToggle={onToggle}
                onPreview={onPreview}
                onOpen={onOpen}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
