import { describe, expect, it } from 'vitest';
import { withoutOAuthSecrets } from './request-log.ts';

describe('request log lines', () => {
  it('leave out the OAuth code and state, and nothing else', () => {
    expect(withoutOAuthSecrets('/api/youtube/auth/callback?state=abc.def&code=4/0AX-secret&scope=x')).toBe(
      '/api/youtube/auth/callback?state=[redacted]&code=[redacted]&scope=x',
    );
    expect(withoutOAuthSecrets('/api/media/history?platform=tiktok')).toBe('/api/media/history?platform=tiktok');
  });
});
