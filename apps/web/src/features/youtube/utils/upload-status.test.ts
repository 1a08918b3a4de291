import { describe, expect, it } from 'vitest';
import { formatWib, shouldPollUploads, youtubeWatchUrl } from './upload-status.ts';

describe('upload history', () => {
  it('polls while something is scheduled or processing', () => {
    expect(shouldPollUploads([{ status: 'uploaded' }, { status: 'scheduled' }])).toBe(true);
    expect(shouldPollUploads([{ status: 'processing' }])).toBe(true);
    expect(shouldPollUploads([{ status: 'uploaded' }, { status: 'failed' }])).toBe(false);
    expect(shouldPollUploads([])).toBe(false);
  });

  it('links the YouTube video', () => {
    expect(youtubeWatchUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('shows publish times in WIB whatever the browser zone', () => {
    // 03:00 UTC is 10:00 in Jakarta.
    expect(formatWib('2025-01-05T03:00:00.000Z')).toMatch(/10[.:]00 WIB$/);
    expect(formatWib(null)).toBe('');
  });
});
