import { describe, expect, it } from 'vitest';
import { privateFetchWarning } from './private-fetch.ts';

describe('privateFetchWarning', () => {
  it('says nothing while the guard is fully on', () => {
    expect(privateFetchWarning({ allowPrivateNetworkFetch: false, allowHosts: [] }, 'API')).toBeUndefined();
  });
  it('names ALLOW_PRIVATE_NETWORK_FETCH and where it is set, and points to the narrow setting', () => {
    const text = privateFetchWarning({ allowPrivateNetworkFetch: true, allowHosts: ['127.0.0.1:4000'] }, 'worker w1');
    expect(text).toMatch(/^ALLOW_PRIVATE_NETWORK_FETCH=true di worker w1: pengaman URL dimatikan/);
    expect(text).toContain('FETCH_ALLOW_PRIVATE_HOSTS');
  });
  it('lists the destinations FETCH_ALLOW_PRIVATE_HOSTS lets through', () => {
    expect(privateFetchWarning({ allowPrivateNetworkFetch: false, allowHosts: ['127.0.0.1:4000', '[::1]:80'] }, 'API')).toBe(
      'FETCH_ALLOW_PRIVATE_HOSTS di API mengizinkan tujuan privat berikut: 127.0.0.1:4000, [::1]:80. Pengaman URL tetap aktif untuk semua alamat lain.',
    );
  });
});
