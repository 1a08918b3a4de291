import { describe, expect, it } from 'vitest';
import { toInstant, toIsoInstant } from './raw-values.ts';

/** PostgreSQL's text of a timestamptz in a session at `offset` hours, with `digits` of fraction. */
function pgText(ms: number, micros: number, digits: number, offset = 0): string {
  const local = new Date(ms + offset * 3_600_000).toISOString(); // 2026-11-29T22:31:05.123Z
  const fraction = `${local.slice(20, 23)}${String(micros).padStart(3, '0')}`.slice(0, digits).replace(/0+$/, '');
  const sign = offset < 0 ? '-' : '+';
  return `${local.slice(0, 10)} ${local.slice(11, 19)}${fraction ? `.${fraction}` : ''}${sign}${String(Math.abs(offset)).padStart(2, '0')}`;
}

describe('toIsoInstant', () => {
  it('answers what a Date would, for UTC text of every fraction length, other offsets and Dates', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const cases: Array<string | Date> = ['2026-11-29 22:31:05+00', '2026-11-29 22:31:05.1+00', '1970-01-01 00:00:00+00', '2000-02-29 23:59:59.999999+00'];
    for (let i = 0; i < 2000; i++) {
      const ms = Math.floor(random() * 4_102_444_800_000); // 1970 .. 2100
      const digits = Math.floor(random() * 7);
      const offset = i % 5 === 0 ? Math.floor(random() * 25) - 12 : 0;
      cases.push(pgText(ms, Math.floor(random() * 1000), digits, offset));
      if (i % 50 === 0) cases.push(new Date(ms));
    }
    for (const value of cases) expect(toIsoInstant(value), String(value)).toBe(toInstant(value).toISOString());
  });

  it('fails as a Date does on text that is no instant', () => {
    expect(() => toIsoInstant('infinity')).toThrow(RangeError);
  });
});
