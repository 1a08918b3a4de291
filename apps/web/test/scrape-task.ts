import type { Task } from '@scrapper/contracts/http/scrape';
import { USER_ID } from './make-token.ts';

export const TASK_ID = '0b6f1f5e-3c1a-4e7e-9a51-5a0c3d4f6a7b';

/**
 * A scrape task as GET /api/scrape/status answers it: budi's TikTok keyword search, running, no
 * log yet. Tests override what they are about.
 */
export function scrapeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: TASK_ID,
    state: 'running',
    progress: { percentage: 10, itemsFound: 0 },
    logs: [],
    logCount: 0,
    result: null,
    counts: null,
    warning: null,
    error: null,
    errorDetail: null,
    retryOf: null,
    data: {
      actorId: 'a/b',
      input: { searchQueries: 'kucing' },
      platformInfo: { platformId: 'tiktok', displayName: 'TikTok', scrapeType: 'keyword' },
    },
    owner: { id: USER_ID, username: 'budi' },
    createdAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
    usageTotalUsd: null,
    ...overrides,
  };
}
