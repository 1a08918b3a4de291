import type { MemberCookies } from '@scrapper/contracts/http/me-cookies';
import { describe, expect, it } from 'vitest';
import { cookieHealth } from './my-cookies.tsx';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const row = (over: Partial<MemberCookies>): MemberCookies => ({
  platform: 'tiktok',
  preview: '.tiktok.com sessionid=…',
  count: 2,
  earliestExpiry: '2027-06-01T00:00:00.000Z',
  lastSyncedAt: '2026-11-26T06:00:00.000Z',
  lastFailedAt: null,
  lastFailure: null,
  ...over,
});

describe('cookieHealth', () => {
  it('is fine with a far expiry, or with session cookies only', () => {
    expect(cookieHealth(row({}), NOW).label).toBe('Aktif');
    expect(cookieHealth(row({ earliestExpiry: null }), NOW).label).toBe('Aktif');
  });

  it('warns within 3 days of the first expiry, and once it has passed', () => {
    expect(cookieHealth(row({ earliestExpiry: '2026-11-29T11:00:00.000Z' }), NOW)).toEqual({
      label: 'Segera kedaluwarsa',
      tone: 'warning',
    });
    expect(cookieHealth(row({ earliestExpiry: '2026-11-29T13:00:00.000Z' }), NOW).label).toBe(
      'Aktif',
    );
    expect(cookieHealth(row({ earliestExpiry: '2026-11-26T11:00:00.000Z' }), NOW).label).toBe(
      'Sebagian kedaluwarsa',
    );
  });

  it('says refused after a cookie failure since the last sync, not after one from before it', () => {
    expect(cookieHealth(row({ lastFailedAt: '2026-11-26T07:00:00.000Z' }), NOW)).toEqual({
      label: 'Ditolak platform',
      tone: 'danger',
    });
    expect(cookieHealth(row({ lastFailedAt: '2026-11-26T05:00:00.000Z' }), NOW).label).toBe(
      'Aktif',
    );
  });
});
