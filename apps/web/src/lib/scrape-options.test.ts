import type { ActorOption } from '@scrapper/contracts/http/actor-configs';
import { describe, expect, it } from 'vitest';
import { optionDefaults, selectChoices, toOptionInput } from './scrape-options.ts';

const options: Record<string, ActorOption> = {
  maxResults: { label: 'Jumlah', type: 'number', default: 20 },
  since: { label: 'Sejak', type: 'date', default: '2025-01-31' },
  sortVideosBy: { label: 'Urutan', type: 'select', default: 'NEWEST' },
  onlyVideos: { label: 'Hanya video', type: 'boolean', default: true },
  region: { label: 'Wilayah', type: 'text', default: null },
};

describe('option defaults', () => {
  it('start each field from its default: numbers as text, dates as dd/MM/yyyy', () => {
    expect(optionDefaults(options)).toEqual({
      maxResults: '20',
      since: '31/01/2025',
      sortVideosBy: 'NEWEST',
      onlyVideos: true,
      region: '',
    });
  });

  it("offer the spec's values for the well-known select keys when none are configured", () => {
    const bare: ActorOption = { label: 'x', type: 'select', default: null };
    expect(selectChoices('sortVideosBy', bare).map((c) => c.value)).toEqual([
      'NEWEST',
      'POPULAR',
      'OLDEST',
    ]);
    expect(selectChoices('dateFilter', bare).map((c) => c.value)).toEqual([
      'hour',
      'today',
      'week',
      'month',
      'year',
    ]);
    expect(selectChoices('sortingOrder', bare).map((c) => c.value)).toEqual([
      'descending',
      'ascending',
    ]);
    expect(selectChoices('other', bare)).toEqual([]);
    const own: ActorOption = { ...bare, options: [{ label: 'A', value: 'a' }] };
    expect(selectChoices('sortVideosBy', own)).toEqual([{ label: 'A', value: 'a' }]);
  });
});

describe('toOptionInput', () => {
  it('converts numbers to numbers and dd/MM/yyyy dates to yyyy-MM-dd, leaving empty ones out', () => {
    expect(
      toOptionInput(options, {
        maxResults: ' 35 ',
        since: '01/02/2025',
        sortVideosBy: 'POPULAR',
        onlyVideos: false,
        region: '',
      }),
    ).toEqual({
      ok: true,
      input: { maxResults: 35, since: '2025-02-01', sortVideosBy: 'POPULAR', onlyVideos: false },
    });
  });

  it('uses the defaults for fields the form has not touched', () => {
    expect(toOptionInput(options, {})).toEqual({
      ok: true,
      input: { maxResults: 20, since: '2025-01-31', sortVideosBy: 'NEWEST', onlyVideos: true },
    });
  });

  it('refuses a number that is not one and a date that is not dd/MM/yyyy', () => {
    expect(toOptionInput(options, { maxResults: 'dua puluh' })).toEqual({
      ok: false,
      key: 'maxResults',
      message: 'Jumlah harus berupa angka.',
    });
    expect(toOptionInput(options, { since: '2025-02-01' })).toEqual({
      ok: false,
      key: 'since',
      message: 'Sejak harus berformat dd/mm/yyyy.',
    });
    expect(toOptionInput(options, { since: '31/02/2025' })).toMatchObject({ ok: false });
  });
});
