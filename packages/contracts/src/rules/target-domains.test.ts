import { describe, expect, it } from 'vitest';
import { isOnDomains, outsideDomainsMessage, targetHost } from './target-domains.ts';

describe('target domains', () => {
  const tiktok = ['tiktok.com'];

  it('accepts the domain and its subdomains', () => {
    expect(isOnDomains('https://www.tiktok.com/@a/video/1', tiktok)).toBe(true);
    expect(isOnDomains('https://vm.tiktok.com/ZSabc/', tiktok)).toBe(true);
    expect(isOnDomains('https://tiktok.com/@a', tiktok)).toBe(true);
    expect(isOnDomains('www.tiktok.com/@a', tiktok)).toBe(true);
    expect(isOnDomains('HTTPS://WWW.TIKTOK.COM/@A', tiktok)).toBe(true);
  });

  it('refuses other sites, look-alikes and unreadable targets', () => {
    expect(isOnDomains('https://www.youtube.com/watch?v=abc', tiktok)).toBe(false);
    expect(isOnDomains('https://nottiktok.com/x', tiktok)).toBe(false);
    expect(isOnDomains('https://tiktok.com.evil.test/x', tiktok)).toBe(false);
    expect(isOnDomains('https://evil.test/?u=tiktok.com', tiktok)).toBe(false);
    expect(isOnDomains('ftp://tiktok.com/x', tiktok)).toBe(false);
    expect(isOnDomains('not a url', tiktok)).toBe(false);
  });

  it('lets any URL through when the platform names no domains', () => {
    expect(isOnDomains('https://x.com/a/status/1', [])).toBe(true);
  });

  it('reads the host of www. targets as https', () => {
    expect(targetHost('www.facebook.com/page')).toBe('www.facebook.com');
  });

  it('names the target in the refusal', () => {
    expect(outsideDomainsMessage('TikTok', 'https://www.youtube.com/watch?v=abc', tiktok)).toBe(
      '"https://www.youtube.com/watch?v=abc" bukan link TikTok. Masukkan URL dari tiktok.com.',
    );
  });
});
