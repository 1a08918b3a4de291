import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { useId, useState } from 'react';
import { DISPLAY_DATE_PLACEHOLDER } from '@/lib/display-date.ts';
import { platformOptions } from '@scrapper/contracts/rules/platforms';
import {
  DEFAULT_FILTERS,
  ORDER_OPTIONS,
  QUICK_RANGES,
  SORT_FIELD_OPTIONS,
  activeFilterCount,
  quickRangeDates,
} from '../utils/history-filters.ts';
import type {
  FilterErrors,
  HistoryFilterValues,
  QuickRange,
  SortField,
  SortOrder,
} from '../utils/history-filters.ts';

export interface HistoryFiltersPanelProps {
  values: HistoryFilterValues;
  errors: FilterErrors;
  /** Platforms seen in the stats, added to the known ones. */
  seenPlatforms: string[];
  onChange: (values: HistoryFilterValues) => void;
}

function isSortField(value: string): value is SortField {
  return SORT_FIELD_OPTIONS.some((option) => option.value === value);
}

function isOrder(value: string): value is SortOrder {
  return ORDER_OPTIONS.some((option) => option.value === value);
}

/** The collapsible filters: platform, dates with quick ranges, search, sort and order. */
export function HistoryFiltersPanel({
  values,
  errors,
  seenPlatforms,
  onChange,
}: HistoryFiltersPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(values);

  function set(patch: Partial<HistoryFilterValues>) {
    onChange({ ...values, ...patch });
  }

  function applyRange(range: QuickRange) {
    set(quickRangeDates(range, new Date()));
  }

  return (
    <div className="history-filters">
      <Button
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="history-filters__toggle"
      >
        <Icon name="filter" size={18} />
        Filter{active > 0 ? ` (${active} aktif)` : ''}
        <span className={open ? 'chevron chevron--open' : 'chevron'}>
          <Icon name="chevron-down" size={18} />
        </span>
      </Button>
      <div id={panelId} hidden={!open} className="history-filters__panel">
        <div className="history-filters__grid">
          <Select
            label="Platform"
            placeholder="Semua platform"
            options={platformOptions(seenPlatforms)}
            value={values.platform}
            onChange={(event) => set({ platform: event.target.value })}
          />
          <TextInput
            label="Cari"
            type="search"
            placeholder="Judul atau author"
            value={values.search}
            onChange={(event) => set({ search: event.target.value })}
          />
          <TextInput
            label="Dari tanggal"
            placeholder={DISPLAY_DATE_PLACEHOLDER}
            inputMode="numeric"
            autoComplete="off"
            value={values.startDate}
            error={errors.startDate}
            onChange={(event) => set({ startDate: event.target.value })}
          />
          <TextInput
            label="Sampai tanggal"
            placeholder={DISPLAY_DATE_PLACEHOLDER}
            inputMode="numeric"
            autoComplete="off"
            value={values.endDate}
            error={errors.endDate}
            onChange={(event) => set({ endDate: event.target.value })}
          />
          <Select
            label="Urutkan menurut"
            options={SORT_FIELD_OPTIONS}
            value={values.sortBy}
            onChange={(event) => {
              if (isSortField(event.target.value)) set({ sortBy: event.target.value });
            }}
          />
          <Select
            label="Urutan"
            options={ORDER_OPTIONS}
            value={values.order}
            onChange={(event) => {
              if (isOrder(event.target.value)) set({ order: event.target.value });
            }}
          />
        </div>
        <div className="history-filters__actions">
          <div className="history-filters__ranges" role="group" aria-label="Rentang cepat">
            {QUICK_RANGES.map((range) => (
              <Button key={range.id} size="sm" onClick={() => applyRange(range.id)}>
                {range.label}
              </Button>
            ))}
          </div>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onChange({ ...DEFAULT_FILTERS, userId: values.userId })}
          >
            Reset filter
          </Button>
        </div>
      </div>
    </div>
  );
}
