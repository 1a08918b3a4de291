import type { ActorOption } from '@scrapper/contracts/http/actor-configs';
import { fromDisplayDate, toDisplayDate } from '@/lib/display-date.ts';

// The 'Opsi Tambahan' grid of the dashboard: one field per option of the chosen platform,
// filled with the option defaults whenever the platform changes (spec part 1, section 5).

export type OptionValue = string | boolean;
export type OptionValues = Record<string, OptionValue>;
export type OptionInput = Record<string, string | number | boolean>;

export interface Choice {
  label: string;
  value: string;
}

/** Spec section 5: the values these well-known select options take when none are configured. */
const SPEC_CHOICES: Record<string, Choice[]> = {
  sortVideosBy: [
    { label: 'Terbaru', value: 'NEWEST' },
    { label: 'Terpopuler', value: 'POPULAR' },
    { label: 'Terlama', value: 'OLDEST' },
  ],
  dateFilter: [
    { label: 'Satu jam terakhir', value: 'hour' },
    { label: 'Hari ini', value: 'today' },
    { label: 'Minggu ini', value: 'week' },
    { label: 'Bulan ini', value: 'month' },
    { label: 'Tahun ini', value: 'year' },
  ],
  sortingOrder: [
    { label: 'Menurun', value: 'descending' },
    { label: 'Menaik', value: 'ascending' },
  ],
};

/** The choices of a select option: its own, else the spec's for the well-known keys. */
export function selectChoices(key: string, option: ActorOption): Choice[] {
  if (option.options && option.options.length > 0) return option.options;
  return SPEC_CHOICES[key] ?? [];
}

/** The form value an option starts with: numbers as text, dates as dd/MM/yyyy. */
export function defaultOptionValue(option: ActorOption): OptionValue {
  const value = option.default;
  switch (option.type) {
    case 'boolean':
      return value === true || value === 'true';
    case 'date':
      return toDisplayDate(value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

export function optionDefaults(options: Record<string, ActorOption>): OptionValues {
  return Object.fromEntries(
    Object.entries(options).map(([key, option]) => [key, defaultOptionValue(option)]),
  );
}

export type OptionInputResult =
  { ok: true; input: OptionInput } | { ok: false; key: string; message: string };

/**
 * The option values as the start call sends them: numbers as numbers, dates as yyyy-MM-dd,
 * booleans as booleans; empty fields are left out so the actor's own default applies.
 */
export function toOptionInput(
  options: Record<string, ActorOption>,
  values: OptionValues,
): OptionInputResult {
  const input: OptionInput = {};
  for (const [key, option] of Object.entries(options)) {
    const value = values[key] ?? defaultOptionValue(option);
    if (option.type === 'boolean') {
      input[key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') continue;
    switch (option.type) {
      case 'number': {
        const number = Number(text);
        if (!Number.isFinite(number)) {
          return { ok: false, key, message: `${option.label} harus berupa angka.` };
        }
        input[key] = number;
        break;
      }
      case 'date': {
        const iso = fromDisplayDate(text);
        if (!iso) {
          return { ok: false, key, message: `${option.label} harus berformat dd/mm/yyyy.` };
        }
        input[key] = iso;
        break;
      }
      default:
        input[key] = text;
    }
  }
  return { ok: true, input };
}
