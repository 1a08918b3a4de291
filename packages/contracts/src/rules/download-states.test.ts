import { describe, expect, it } from 'vitest';
import { DOWNLOAD_STATUSES, FINAL_DOWNLOAD_STATUSES, isFinalDownloadStatus } from './download-states.ts';

describe('download states', () => {
  it('counts completed, failed and cancelled as final, queued and running as still going', () => {
    expect(DOWNLOAD_STATUSES.filter(isFinalDownloadStatus)).toEqual(['completed', 'failed', 'cancelled']);
    expect(DOWNLOAD_STATUSES.filter((status) => !isFinalDownloadStatus(status))).toEqual(['queued', 'running']);
    expect(FINAL_DOWNLOAD_STATUSES.every((status) => DOWNLOAD_STATUSES.includes(status))).toBe(true);
  });

  it('is false for a word that is no state', () => {
    expect(isFinalDownloadStatus('done')).toBe(false);
    expect(isFinalDownloadStatus('')).toBe(false);
  });
});
