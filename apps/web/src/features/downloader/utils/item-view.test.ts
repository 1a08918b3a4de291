import { ListItemsQuerySchema } from '@scrapper/contracts/http/media';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, SORT_OPTIONS, isFiltered, itemsQuery } from './item-view.ts';

const FILE = 'tiktok_20240101-000000_0123abcd.json';

describe('item view', () => {
  it('asks for the file in its own order with no filter by default', () => {
    const query = ListItemsQuerySchema.parse(
      itemsQuery(DEFAULT_VIEW, FILE, undefined, { offset: 0, limit: 100 }),
    );
    expect(query).toMatchObject({
      filename: FILE,
      offset: 0,
      limit: 100,
      sortBy: 'position',
      order: 'asc',
    });
    expect(query.hideDuplicates).toBe(false);
    expect(query.hideDownloaded).toBe(false);
    expect(query.minSeconds).toBeUndefined();
    expect(query.search).toBeUndefined();
    expect(isFiltered(DEFAULT_VIEW)).toBe(false);
  });

  it('sends every filter, the search and the order to the server as the contract reads them', () => {
    const view = {
      minSeconds: 60,
      maxSeconds: 180,
      hideDuplicates: true,
      hideDownloaded: true,
      search: '  kucing lucu ',
      sort: 'plays-desc' as const,
    };
    const query = ListItemsQuerySchema.parse(
      itemsQuery(view, FILE, 'budi', { offset: 500, limit: 500 }),
    );
    expect(query).toMatchObject({
      filename: FILE,
      username: 'budi',
      offset: 500,
      limit: 500,
      sortBy: 'playCount',
      order: 'desc',
      minSeconds: 60,
      maxSeconds: 180,
      hideDuplicates: true,
      hideDownloaded: true,
      search: 'kucing lucu',
    });
    expect(isFiltered(view)).toBe(true);
    expect(isFiltered({ ...DEFAULT_VIEW, sort: 'title-desc' })).toBe(false);
  });

  it('offers only orders the server knows', () => {
    for (const option of SORT_OPTIONS) {
      const query = itemsQuery({ ...DEFAULT_VIEW, sort: option.value }, FILE, undefined, {
        offset: 0,
        limit: 1,
      });
      expect(ListItemsQuerySchema.safeParse(query).success).toBe(true);
    }
  });
});
