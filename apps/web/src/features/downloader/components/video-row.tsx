import type { VideoListItem } from '@scrapper/contracts/http/media';
import { formatDuration } from '@scrapper/contracts/rules/duration';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Checkbox } from '@scrapper/ui/checkbox';
import { memo } from 'react';
import type { MouseEvent } from 'react';
import { formatCompactCount } from '../utils/format-count.ts';
import { VideoThumbnail } from './video-thumbnail.tsx';
import { itemDisplayTitle } from '@scrapper/contracts/rules/readable-file-name';

export interface VideoRowProps {
  item: VideoListItem;
  /** 1-based position among all rows, header included (aria-rowindex). */
  rowIndex: number;
  platformName: string;
  previewEnabled: boolean;
  checked: boolean;
  downloaded: boolean;
  onToggle: (id: string, checked: boolean) => void;
  onPreview: (item: VideoListItem) => void;
  onOpen: (item: VideoListItem) => void;
}


/** Clicks on the row open the details, except clicks on its own controls. */
function isControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest('button, input, a, label') !== null;
}

/** One item of the video table (a fixed-height row, see video-table.tsx). */
export const VideoRow = memo(function VideoRow({
  item,
  rowIndex,
  platformName,
  previewEnabled,
  checked,
  downloaded,
  onToggle,
  onPreview,
  onOpen,
}: VideoRowProps) {
  const title = itemDisplayTitle(item);
  const duration = formatDuration(item.duration);

  function handleClick(event: MouseEvent<HTMLDivElement>) {
    if (!isControl(event.target)) onOpen(item);
  }

  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={checked ? 'video-row video-row--selected' : 'video-row'}
      onClick={handleClick}
    >
      <div role="cell" className="video-cell video-cell--check">
        <Checkbox
          label={`Pilih ${title}`}
          hideLabel
          checked={checked}
          onChange={(event) => onToggle(item.id, event.target.checked)}
        />
      </div>
      <div role="cell" className="video-cell video-cell--preview">
        <Button
          size="sm"
          onClick={() => onPreview(item)}
          disabled={!previewEnabled}
          aria-label={`Preview ${title}`}
          title={previewEnabled ? undefined : 'Preview tidak aktif untuk platform ini.'}
        >
          Preview
        </Button>
      </div>
      <div role="cell" className="video-cell video-cell--platform">
        {platformName}
      </div>
      <div role="cell" className="video-cell video-cell--duration">
        {duration ? (
          <span>
            <span className="video-cell__mobile-label" aria-hidden="true">
              Durasi{' '}
            </span>
            {duration}
          </span>
        ) : (
          <span className="muted">-</span>
        )}
      </div>
      <div role="cell" className="video-cell video-cell--title">
        <button type="button" className="video-title" onClick={() => onOpen(item)}>
          {title}
        </button>
      </div>
      <div role="cell" className="video-cell video-cell--thumb">
        <VideoThumbnail src={item.thumbnail} />
      </div>
      <div role="cell" className="video-cell video-cell--author" title={item.author || undefined}>
        {item.author || <span className="muted">-</span>}
      </div>
      <div role="cell" className="video-cell video-cell--stats">
        <span className="video-cell__mobile-label" aria-hidden="true">
          Plays/Likes{' '}
        </span>
        {formatCompactCount(item.play_count)} / {formatCompactCount(item.like_count)}
      </div>
      <div role="cell" className="video-cell video-cell--status">
        {downloaded ? <Badge tone="info">Selesai</Badge> : null}
      </div>
    </div>
  );
});
