import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { platformOptions } from '@scrapper/contracts/rules/platforms';
import type { FileQuery } from '../api.ts';

const SORT_OPTIONS: { value: FileQuery['sortBy']; label: string }[] = [
  { value: 'date', label: 'Tanggal' },
  { value: 'title', label: 'Judul' },
  { value: 'platform', label: 'Platform' },
];
const ORDER_OPTIONS: { value: FileQuery['order']; label: string }[] = [
  { value: 'desc', label: 'Menurun (terbaru / Z-A)' },
  { value: 'asc', label: 'Menaik (terlama / A-Z)' },
];

function isSort(value: string): value is FileQuery['sortBy'] {
  return SORT_OPTIONS.some((option) => option.value === value);
}

function isOrder(value: string): value is FileQuery['order'] {
  return ORDER_OPTIONS.some((option) => option.value === value);
}

export interface FileFiltersProps {
  query: FileQuery;
  seenPlatforms: string[];
  onChange: (query: FileQuery) => void;
}

/** Title search, platform, sort field (date by default) and order; all applied on the server. */
export function FileFilters({ query, seenPlatforms, onChange }: FileFiltersProps) {
  return (
    <div className="file-filters">
      <TextInput
        label="Cari judul"
        type="search"
        placeholder="Judul file..."
        maxLength={200}
        value={query.search}
        onChange={(event) => onChange({ ...query, search: event.target.value })}
      />
      <Select
        label="Platform"
        placeholder="Semua platform"
        options={platformOptions(seenPlatforms)}
        value={query.platform}
        onChange={(event) => onChange({ ...query, platform: event.target.value })}
      />
      <Select
        label="Urutkan menurut"
        options={SORT_OPTIONS}
        value={query.sortBy}
        onChange={(event) => {
          if (isSort(event.target.value)) onChange({ ...query, sortBy: event.target.value });
        }}
      />
      <Select
        label="Urutan"
        options={ORDER_OPTIONS}
        value={query.order}
        onChange={(event) => {
          if (isOrder(event.target.value)) onChange({ ...query, order: event.target.value });
        }}
      />
    </div>
  );
}
