import { toIsoDate } from '@scrapper/contracts/rules/build-actor-input';

// Spec part 1, section 5 and 9: dates are entered as dd/MM/yyyy and sent (and stored) as
// yyyy-MM-dd. Both the dashboard options and the actor editor use these.

export const DISPLAY_DATE_PLACEHOLDER = 'dd/mm/yyyy';

/** `yyyy-MM-dd` (or an already-typed `dd/MM/yyyy`) -> `dd/MM/yyyy`; '' when not a real date. */
export function toDisplayDate(value: unknown): string {
  const iso = toIsoDate(value);
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * What the user typed as `dd/MM/yyyy` -> `yyyy-MM-dd`, or null when it is not a real date.
 * Only the display form is accepted, so `2025-01-02` typed by hand is refused rather than
 * silently read in another order.
 */
export function fromDisplayDate(value: string): string | null {
  const text = value.trim();
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return null;
  return toIsoDate(text);
}
