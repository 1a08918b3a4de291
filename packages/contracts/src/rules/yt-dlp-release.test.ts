import { describe, expect, it } from 'vitest';
import { ytDlpAgeDays, ytDlpNeedsJsRuntime, ytDlpReleaseDate } from './yt-dlp-release.ts';

describe('ytDlpReleaseDate', () => {
  it('reads stable and nightly versions and ISO dates as yyyy-MM-dd', () => {
    expect(ytDlpReleaseDate('2026.11.20')).toBe('2026-11-20');
    expect(ytDlpReleaseDate('2026.11.20.233003')).toBe('2026-11-20');
    expect(ytDlpReleaseDate('2023.3.4')).toBe('2023-03-04');
    expect(ytDlpReleaseDate(' 2025-11-12 ')).toBe('2025-11-12');
  });

  it('gives null for what is not a real day', () => {
    expect(ytDlpReleaseDate('2026.02.30')).toBeNull();
    expect(ytDlpReleaseDate('2026.13.01')).toBeNull();
    expect(ytDlpReleaseDate('v2026.11.20')).toBeNull();
    expect(ytDlpReleaseDate('2026.11.201')).toBeNull();
    expect(ytDlpReleaseDate('')).toBeNull();
  });
});

describe('ytDlpAgeDays', () => {
  const now = new Date('2026-11-22T10:00:00+07:00');

  it('counts whole days since the release day', () => {
    expect(ytDlpAgeDays('2026-11-22', now)).toBe(0);
    expect(ytDlpAgeDays('2026.11.20', now)).toBe(2);
    expect(ytDlpAgeDays('2023.03.04', now)).toBe(1359);
  });

  it('is 0 for a date ahead of the clock and null for no date', () => {
    expect(ytDlpAgeDays('2026-12-01', now)).toBe(0);
    expect(ytDlpAgeDays('unknown', now)).toBeNull();
  });
});

describe('ytDlpNeedsJsRuntime', () => {
  it('is true from 2025.11.12 on and false before, and false when the version is unknown', () => {
    expect(ytDlpNeedsJsRuntime('2025.11.11')).toBe(false);
    expect(ytDlpNeedsJsRuntime('2025.11.12')).toBe(true);
    expect(ytDlpNeedsJsRuntime('2026.06.09.010101')).toBe(true);
    expect(ytDlpNeedsJsRuntime('2023.03.04')).toBe(false);
    expect(ytDlpNeedsJsRuntime('git-master')).toBe(false);
  });
});
