import type { Quality } from '@scrapper/contracts/http/media';
import { QualitySchema } from '@scrapper/contracts/http/media';
import { Button } from '@scrapper/ui/button';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Icon } from '@scrapper/ui/icon';
import { Select } from '@scrapper/ui/select';
import type { HideFilters } from '../utils/item-filters.ts';
import { DURATION_LIMITS } from '../utils/item-filters.ts';

const QUALITY_LABELS: Record<Quality, string> = {
  best: 'Terbaik (best)',
  '1080p': '1080p',
  '720p': '720p',
  'audio-only': 'Audio saja',
};
export const QUALITY_OPTIONS = QualitySchema.options.map((value) => ({
  value,
  label: QUALITY_LABELS[value],
}));

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
  filters: HideFilters;
  onFiltersChange: (filters: HideFilters) => void;
  selectedCount: number;
  busy: boolean;
  onDownload: () => void;
}

function isQuality(value: string): value is Quality {
  return QualitySchema.safeParse(value).success;
}

/** Quality, the hide-filters and 'Download Terpilih (N)'. */
export function DownloadToolbar({
  quality,
  onQualityChange,
  filters,
  onFiltersChange,
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
      </div>
      <div className="download-toolbar__actions">
        <Checkbox
          label="Sembunyikan duplikat (judul sama)"
          checked={filters.hideDuplicates}
          onChange={(event) =>
            onFiltersChange({ ...filters, hideDuplicates: event.target.checked })
          }
        />
        <Button variant="primary" onClick={onDownload} loading={busy}>
          <Icon name="download" size={18} />
          Download Terpilih ({selectedCount})
        </Button>
      </div>
    </div>
  );
}
