import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, notificationKindsFor, refusedSettingsChange } from './notification-kinds.ts';

describe('notification kinds', () => {
  it('members get the member kinds; admins get every kind', () => {
    expect(notificationKindsFor('user').every((k) => k.audience === 'member')).toBe(true);
    expect(notificationKindsFor('admin')).toHaveLength(NOTIFICATION_KINDS.length);
    expect(new Set(NOTIFICATION_KINDS.map((k) => k.kind)).size).toBe(NOTIFICATION_KINDS.length);
  });

  it('every failure kind is always delivered', () => {
    for (const k of NOTIFICATION_KINDS.filter((x) => /failed|expired|reauth|reconnect|disabled|missing|outdated/.test(x.kind))) {
      expect(k.switchable, k.kind).toBe(false);
    }
  });

  it('a change may switch news off, never a failure; unknown kinds and admin kinds for members are refused', () => {
    expect(refusedSettingsChange('user', { 'scrape.completed': false, 'batch.finished': true })).toBeUndefined();
    expect(refusedSettingsChange('user', { 'scrape.failed': true })).toBeUndefined();
    expect(refusedSettingsChange('user', { 'scrape.failed': false })).toBe('Notifikasi "Scraping gagal" selalu dikirim dan tidak dapat dimatikan.');
    expect(refusedSettingsChange('user', { 'tidak.ada': false })).toBe('Jenis notifikasi "tidak.ada" tidak dikenal.');
    expect(refusedSettingsChange('user', { 'cookies.expiring': false })).toBe('Jenis notifikasi "cookies.expiring" tidak dikenal.');
    expect(refusedSettingsChange('admin', { 'cookies.expiring': false })).toBeUndefined();
  });
});
