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

describe('secret box during a key rotation', () => {
  const keyA = randomBytes(32).toString('base64');
  const keyB = randomBytes(32).toString('base64');

  it('opens values sealed with the previous key and seals only with the current one', () => {
    const underA = createSecretBox(keyA).seal('token-lama');
    const switching = createSecretBox(keyB, keyA);
    expect(switching.open(underA)).toBe('token-lama');
    const fresh = switching.seal('token-baru');
    expect(createSecretBox(keyB).open(fresh)).toBe('token-baru');
    expect(() => createSecretBox(keyA).open(fresh)).toThrow();
  });

  it('does not open a value sealed with the previous key once that key is gone', () => {
    const underA = createSecretBox(keyA).seal('token-lama');
    expect(() => createSecretBox(keyB).open(underA)).toThrow(/SECRETS_KEY/);
  });

  it('reseals a previous-key value, leaves a current-key value alone, and names what neither opens', () => {
    const switching = createSecretBox(keyB, keyA);
    const result = switching.reseal(createSecretBox(keyA).seal('kunci'));
    expect(result.state).toBe('resealed');
    if (result.state !== 'resealed') return;
    expect(createSecretBox(keyB).open(result.sealed)).toBe('kunci');
    expect(switching.reseal(result.sealed)).toEqual({ state: 'current' });
    const stranger = createSecretBox(randomBytes(32).toString('base64')).seal('asing');
    expect(switching.reseal(stranger).state).toBe('unreadable');
    expect(switching.reseal('bukan-rahasia').state).toBe('unreadable');
  });
});
