import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const key = randomBytes(32).toString('base64');

describe('secret box', () => {
  it('round-trips and never stores the plain text', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('apify_api_1234567890');
    expect(sealed).not.toContain('apify_api');
    expect(box.open(sealed)).toBe('apify_api_1234567890');
  });
  it('uses a fresh IV for every seal', () => {
    const box = createSecretBox(key);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });
  it('refuses a tampered ciphertext', () => {
    const box = createSecretBox(key);
    const parts = box.seal('secret').split('.');
    parts[3] = Buffer.from('xxxxxx').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
  });
  it('refuses a key of the wrong length', () => {
    expect(() => createSecretBox(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
