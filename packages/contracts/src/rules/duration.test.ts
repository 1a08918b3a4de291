import { describe, expect, it } from 'vitest';
import { durationFormatForPath, formatDuration, parseDurationFormat, toSeconds } from './duration.ts';

describe('toSeconds', () => {
  it('reads milliseconds (Douyin video.duration)', () => {
    expect(toSeconds(15433, 'milliseconds')).toBe(15.433);
    expect(toSeconds('60000', 'milliseconds')).toBe(60);
    expect(toSeconds(0, 'milliseconds')).toBe(0);
  });

  it('reads seconds (TikTok videoMeta.duration, Instagram videoDuration)', () => {
    expect(toSeconds(16, 'seconds')).toBe(16);
    expect(toSeconds(29.566, 'seconds')).toBe(29.566);
    expect(toSeconds(' 45 ', 'seconds')).toBe(45);
  });

  it('reads minutes without float noise', () => {
    expect(toSeconds(1.5, 'minutes')).toBe(90);
    expect(toSeconds(0.1, 'minutes')).toBe(6);
    expect(toSeconds('2', 'minutes')).toBe(120);
  });

  it('reads timestamps as hh:mm:ss, mm:ss and ss (YouTube duration)', () => {
    expect(toSeconds('00:01:02', 'timestamp')).toBe(62);
    expect(toSeconds('1:02:03', 'timestamp')).toBe(3723);
    expect(toSeconds('01:02', 'timestamp')).toBe(62);
    expect(toSeconds('90:00', 'timestamp')).toBe(5400);
    expect(toSeconds('45', 'timestamp')).toBe(45);
    expect(toSeconds(45, 'timestamp')).toBe(45);
    expect(toSeconds('00:00:02.500', 'timestamp')).toBe(2.5);
  });

  it('reads a clock time whatever the format says', () => {
    expect(toSeconds('0:59', 'seconds')).toBe(59);
    expect(toSeconds('0:59', 'milliseconds')).toBe(59);
  });

  it('reads ISO 8601 durations', () => {
    expect(toSeconds('PT1M2S')).toBe(62);
    expect(toSeconds('PT1H')).toBe(3600);
    expect(toSeconds('P1DT1S')).toBe(86401);
    expect(toSeconds('pt15.5s')).toBe(15.5);
  });

  it('defaults to seconds', () => {
    expect(toSeconds(30)).toBe(30);
  });

  it('gives null for missing, negative and unreadable values', () => {
    for (const value of [undefined, null, '', '  ', 'N/A', 'LIVE', '-5', -5, NaN, Infinity, true, {}, [16], '1e3', '15,5', '1:75', '1:02:60', '::', 'P', 'PT']) {
      expect(toSeconds(value, 'seconds'), String(value)).toBeNull();
    }
  });
});

describe('parseDurationFormat', () => {
  it('reads the four formats and common aliases', () => {
    expect(parseDurationFormat('milliseconds')).toBe('milliseconds');
    expect(parseDurationFormat('ms')).toBe('milliseconds');
    expect(parseDurationFormat(' Seconds ')).toBe('seconds');
    expect(parseDurationFormat('minutes')).toBe('minutes');
    expect(parseDurationFormat('timestamp')).toBe('timestamp');
    expect(parseDurationFormat('00:00:00')).toBe('timestamp');
  });

  it('falls back to seconds', () => {
    expect(parseDurationFormat(undefined)).toBe('seconds');
    expect(parseDurationFormat('')).toBe('seconds');
    expect(parseDurationFormat('fortnights')).toBe('seconds');
    expect(parseDurationFormat(1000)).toBe('seconds');
  });
});

describe('formatDuration', () => {
  it('shows m:ss below an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(62)).toBe('1:02');
    expect(formatDuration(3599)).toBe('59:59');
  });

  it('shows h:mm:ss from an hour', () => {
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(36000)).toBe('10:00:00');
  });

  it('rounds to the nearest second', () => {
    expect(formatDuration(15.433)).toBe('0:15');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(3599.5)).toBe('1:00:00');
  });

  it('shows nothing for unknown durations', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(NaN)).toBe('');
    expect(formatDuration(Infinity)).toBe('');
  });
});

describe('durationFormatForPath', () => {
  it('reads fields named in milliseconds as milliseconds', () => {
    for (const path of ['video.playable_duration_in_ms', 'duration_ms', 'videoMeta.durationMs', 'video_info.duration_millis', 'lengthMilliseconds']) {
      expect(durationFormatForPath(path, 'seconds'), path).toBe('milliseconds');
    }
  });

  it("keeps the config's format for every other name", () => {
    for (const path of ['duration', 'videoMeta.duration', 'attachments.0.media.duration', 'items', 'stats.rooms', 'MS', 'lengthSeconds']) {
      expect(durationFormatForPath(path, 'seconds'), path).toBe('seconds');
      expect(durationFormatForPath(path, 'timestamp'), path).toBe('timestamp');
    }
  });
});
