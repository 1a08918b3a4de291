import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT_ERROR,
  DATE_ORDER_ERROR,
  DEFAULT_FILTERS,
  activeFilterCount,
  quickRangeDates,
  toHistoryQuery,
} from './history-filters.ts';

describe('history filters', () => {
  it('sends dd/MM/yyyy dates as yyyy-MM-dd and leaves out empty fields', () => {
    const result = toHistoryQuery({
      ...DEFAULT_FILTERS,
      platform: 'tiktok',
      startDate: '01/02/2025',
      endDate: '28/02/2025',
      search: '  kucing ',
    });
    expect(result).toEqual({
      ok: true,
      query: {
        platform: 'tiktok',
        startDate: '2025-02-01',
        endDate: '2025-02-28',
        search: 'kucing',
        sortBy: 'createdAt',
        order: 'desc',
        userId: undefined,
      },
    });
    const empty = toHistoryQuery(DEFAULT_FILTERS);
    expect(empty.ok && empty.query).toMatchObject({ platform: undefined, search: undefined });
  });

  it('refuses unreadable dates and an end before the start, naming the field', () => {
    expect(toHistoryQuery({ ...DEFAULT_FILTERS, startDate: '2025-02-01' })).toEqual({
      ok: false,
      errors: { startDate: DATE_FORMAT_ERROR },
    });
    expect(toHistoryQuery({ ...DEFAULT_FILTERS, endDate: '31/02/2025' })).toEqual({
      ok: false,
      errors: { endDate: DATE_FORMAT_ERROR },
    });
    expect(
      toHistoryQuery({ ...DEFAULT_FILTERS, startDate: '02/02/2025', endDate: '01/02/2025' }),
    ).toEqual({ ok: false, errors: { endDate: DATE_ORDER_ERROR } });
    expect(
      toHistoryQuery({ ...DEFAULT_FILTERS, startDate: '02/02/2025', endDate: '02/02/2025' }).ok,
    ).toBe(true);
  });

  it('gives today, the last 7 and the last 30 days including today', () => {
    const now = new Date('2025-03-10T05:00:00Z');
    expect(quickRangeDates('today', now)).toEqual({
      startDate: '10/03/2025',
      endDate: '10/03/2025',
    });
    expect(quickRangeDates('last7', now)).toEqual({
      startDate: '04/03/2025',
      endDate: '10/03/2025',
    });
    expect(quickRangeDates('last30', now)).toEqual({
      startDate: '09/02/2025',
      endDate: '10/03/2025',
    });
  });

  it('counts the filters that narrow the list', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(
      activeFilterCount({ ...DEFAULT_FILTERS, platform: 'tiktok', search: ' ', sortBy: 'title' }),
    ).toBe(1);
  });
});
