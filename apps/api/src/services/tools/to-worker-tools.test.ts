import { describe, expect, it } from 'vitest';
import { withoutCredentials } from './to-worker-tools.ts';

describe('withoutCredentials', () => {
  it('keeps a plain release URL as it is', () => {
    expect(withoutCredentials('https://github.com/yt-dlp/yt-dlp/releases/latest/download')).toBe('https://github.com/yt-dlp/yt-dlp/releases/latest/download');
    expect(withoutCredentials('http://127.0.0.1:4010/rilis/')).toBe('http://127.0.0.1:4010/rilis/');
  });

  it('hides a user, a password and a query from a private mirror', () => {
    const shown = withoutCredentials('https://budi:rahasia-mirror-9@mirror.example.id/yt-dlp/?token=tok-123456789');
    expect(shown).toBe('https://***@mirror.example.id/yt-dlp/?***');
    expect(shown).not.toMatch(/budi|rahasia|tok-/);
  });

  it('shows nothing for what is not a URL', () => {
    expect(withoutCredentials('bukan url dengan rahasia')).toBe('');
  });
});
