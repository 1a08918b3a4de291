import type { Quality } from '@scrapper/contracts/http/media';
import { Button } from '@scrapper/ui/button';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Icon } from '@scrapper/ui/icon';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { QUALITY_OPTIONS, isQuality } from '@/lib/quality-options.ts';
import type { ItemView } from '../utils/item-view.ts';
import { DURATION_LIMITS, MAX_SEARCH_LENGTH, SORT_OPTIONS, isSortKey } from '../utils/item-view.ts';

function minutes(seconds: number): string {
  return `${seconds / 60} menit`;
}
const SHORTER_OPTIONS = [
  { value: '', label: 'Tampilkan semua' },
  ...DURATION_LIMITS.map((s) => ({ value: String(s), label: `Kurang dari ${minutes(s)}` })),
];
const LONGER_OPTIONS = [
  { value: '', label: 'Tampilkan semua' },
  ...DURATION_LIMITS.map((s) => ({ value: String(s), label: `Lebih dari ${minutes(s)}` })),
];

function toLimit(value: string): number | null {
  return value === '' ? null : Number(value);
}

export interface DownloadToolbarProps {
  quality: Quality;
  onQualityChange: (quality: Quality) => void;
  /** Filters and order (the search comes from `searchText`, settled by the page). */
  filters: ItemView;
  onFiltersChange: (filters: ItemView) => void;
  /** The search box as typed. */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  selectedCount: number;
  busy: boolean;
  onDownload: () => void;
}

/** Quality, the hide-filters, search and order (all applied by the server), and 'Download Terpilih (N)'. */
export function DownloadToolbar({
  quality,
  onQualityChange,
  filters,
  onFiltersChange,
  searchText,
  onSearchTextChange,
  selectedCount,
  busy,
  onDownload,
}: DownloadToolbarProps) {
  return (
    <div className="download-toolbar">
      <div className="download-toolbar__fields">
        <Select
          label="Kualitas"
          options={QUALITY_OPTIONS}
          value={quality}
          onChange={(event) => {
            if (isQuality(event.target.value)) onQualityChange(event.target.value);
          }}
        />
        <Select
          label="Sembunyikan durasi pendek"
          options={SHORTER_OPTIONS}
          value={filters.minSeconds === null ? '' : String(filters.minSeconds)}
          onChange={(event) =>
            onFiltersChange({ ...filters, minSeconds: toLimit(event.target.value) })
          }
        />
        <Select
          label="Sembunyikan durasi panjang"
          options={LONGER_OPTIONS}
          value={filters.maxSeconds === null ? '' : String(filters.maxSeconds)}
          onChange={(event) =>
            onFiltersChange({ ...filters, maxSeconds: toLimit(event.target.value) })
          }
        />
        <Select
          label="Urutkan"
          options={SORT_OPTIONS}
          value={filters.sort}
          onChange={(event) => {
            if (isSortKey(event.target.value))
              onFiltersChange({ ...filters, sort: event.target.value });
          }}
        />
        <TextInput
          label="Cari judul atau author"
          type="search"
          maxLength={MAX_SEARCH_LENGTH}
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
        />
      </div>
      <div className="download-toolbar__actions">
        <div className="download-toolbar__toggles">
          <Checkbox
            label="Sembunyikan duplikat (judul sama)"
            checked={filters.hideDuplicates}
            onChange={(event) =>
              onFiltersChange({ ...filters, hideDuplicates: event.target.checked })
            }
          />
          <Checkbox
            label="Sembunyikan yang sudah diunduh"
            checked={filters.hideDownloaded}
            onChange={(event) =>
              onFiltersChange({ ...filters, hideDownloaded: event.target.checked })
            }
          />
        </div>
        <Button variant="primary" onClick={onDownload} loading={busy}>
          <Icon name="download" size={18} />
          Download Terpilih ({selectedCount})
        </Button>
      </div>
    </div>
  );
}
