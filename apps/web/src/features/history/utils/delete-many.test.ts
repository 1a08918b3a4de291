import { describe, expect, it } from 'vitest';
import { deleteMany } from './delete-many.ts';

describe('deleteMany', () => {
  it('deletes every id, a few at a time, and reports the ones that failed', async () => {
    let running = 0;
    let peak = 0;
    const result = await deleteMany(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      async (id) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        if (id === 'c') throw new Error('500');
      },
      3,
    );
    expect(result.deleted.sort()).toEqual(['a', 'b', 'd', 'e', 'f']);
    expect(result.failed).toEqual(['c']);
    expect(peak).toBe(3);
  });

  it('does nothing for an empty list', async () => {
    expect(await deleteMany([], async () => undefined)).toEqual({ deleted: [], failed: [] });
  });
});
