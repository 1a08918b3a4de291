import { describe, expect, it } from 'vitest';
import { badgeText, toggleLabel } from './unread.ts';

describe('unread count on the toggle', () => {
  it('names the count in the accessible name', () => {
    expect(toggleLabel(0)).toBe('Notifikasi');
    expect(toggleLabel(3)).toBe('Notifikasi, 3 belum dibaca');
  });

  it('shows a badge only with unread notifications, capped at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
