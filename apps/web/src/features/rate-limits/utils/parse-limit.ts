export type ParsedLimit = { ok: true; value: number | null } | { ok: false; message: string };

/** The field's text as a limit: empty means no limit; otherwise a whole number 1..10000. */
export function parseLimit(text: string): ParsedLimit {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false, message: 'Isi dengan angka bulat, atau kosongkan untuk tanpa batas.' };
  const value = Number(trimmed);
  if (value < 1 || value > 10_000) return { ok: false, message: 'Batas harus antara 1 dan 10000 permintaan per menit.' };
  return { ok: true, value };
}
