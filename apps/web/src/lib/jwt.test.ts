import { describe, expect, it } from 'vitest';
import { ADMIN_ID, makeToken } from '@/testing/make-token.ts';
import { decodeTokenClaims, isTokenExpired } from './jwt.ts';

describe('decodeTokenClaims', () => {
  it('reads the claims of a well-formed token', () => {
    const claims = decodeTokenClaims(
      makeToken({ username: 'budi', role: 'user', exp: 2_000_000_000 }),
    );
    expect(claims).toEqual({ sub: ADMIN_ID, username: 'budi', role: 'user', exp: 2_000_000_000 });
  });

  it('decodes base64url payloads that need padding and use - and _', () => {
    // With this username the standard base64 of the payload contains '+' or '/' and ends
    // in '==', so the decoder must map the alphabet back and restore the padding.
    const token = makeToken({ username: 'a?>?>b.c', exp: 2_000_000_000 });
    const payload = token.split('.')[1] ?? '';
    expect(payload).toMatch(/[-_]/);
    expect(payload.length % 4).not.toBe(0);
    expect(decodeTokenClaims(token)?.username).toBe('a?>?>b.c');
  });

  it('returns null for anything that is not one of our tokens', () => {
    for (const token of [
      '',
      'abc',
      'a.b',
      'a.!!!.c',
      'a.eyJmb28iOjF9.c',
      makeToken().replace('.', ''),
    ]) {
      expect(decodeTokenClaims(token)).toBeNull();
    }
    const wrongRole = makeToken({ role: 'root' as never });
    expect(decodeTokenClaims(wrongRole)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('compares exp (seconds) with now (milliseconds)', () => {
    const claims = { sub: ADMIN_ID, username: 'a', role: 'user' as const, exp: 1000 };
    expect(isTokenExpired(claims, 999_999)).toBe(false);
    expect(isTokenExpired(claims, 1_000_000)).toBe(true);
  });
});
