import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime } from './format-date-time.ts';

// 2025-01-05T07:30:05Z is 14.30.05 in Jakarta (UTC+7); 2025-03-01T18:10:00Z is already
// 2 March there. The expectations are Jakarta's, so the local zone of the machine (UTC here,
// anything in a browser) showing through would fail them.
describe('formatDateTime', () => {
  it('shows Jakarta time and says WIB', () => {
    expect(formatDateTime('2025-01-05T07:30:05Z')).toBe('5 Jan 2025, 14.30 WIB');
  });

  it('takes the Jakarta date across midnight UTC', () => {
    expect(formatDateTime('2025-03-01T18:10:00Z')).toBe('2 Mar 2025, 01.10 WIB');
  });

  it('reads offsets and Date objects alike', () => {
    expect(formatDateTime('2025-01-05T14:30:00+07:00')).toBe('5 Jan 2025, 14.30 WIB');
    expect(formatDateTime(new Date('2025-01-05T07:30:00Z'))).toBe('5 Jan 2025, 14.30 WIB');
  });

  it("is '' for something that is no date", () => {
    expect(formatDateTime('bukan tanggal')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('formatClockTime', () => {
  it('gives a log line its Jakarta time with seconds and WIB', () => {
    expect(formatClockTime('2025-01-05T07:30:05Z')).toBe('14.30.05 WIB');
    expect(formatClockTime('2025-01-05T17:00:00Z')).toBe('00.00.00 WIB');
  });

  it("is '' for something that is no date", () => {
    expect(formatClockTime('nanti')).toBe('');
  });
});
