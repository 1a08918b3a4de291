import { TokenClaimsSchema } from '@scrapper/contracts/http/auth';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { decodeTokenClaims, isTokenExpired, readTokenClaims } from './jwt.ts';

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

describe('readTokenClaims', () => {
  const valid = {
    sub: '3f0c8a9e-1b2c-4d5e-8f70-1234567890ab',
    username: 'admin',
    role: 'admin',
    exp: 1_900_000_000,
    iat: 1_800_000_000,
  };
  const cases: [string, unknown][] = [
    ['full claims', valid],
    ['without iat', { ...valid, iat: undefined }],
    ['with extra claims', { ...valid, jti: 'x' }],
    ['an upper-case uuid', { ...valid, sub: valid.sub.toUpperCase() }],
    ['the nil uuid', { ...valid, sub: '00000000-0000-0000-0000-000000000000' }],
    ['a version-0 uuid', { ...valid, sub: '3f0c8a9e-1b2c-0d5e-8f70-1234567890ab' }],
    ['a bad variant', { ...valid, sub: '3f0c8a9e-1b2c-4d5e-cf70-1234567890ab' }],
    ['a user id that is no uuid', { ...valid, sub: 'admin' }],
    ['a number username', { ...valid, username: 7 }],
    ['an unknown role', { ...valid, role: 'owner' }],
    ['a fractional exp', { ...valid, exp: 1.5 }],
    ['a string exp', { ...valid, exp: '1900000000' }],
    ['an unsafe integer exp', { ...valid, exp: 2 ** 60 }],
    ['a null iat', { ...valid, iat: null }],
    ['null', null],
    ['an array', [valid]],
  ];
  it.each(cases)('agrees with TokenClaimsSchema on %s', (_, value) => {
    const parsed = TokenClaimsSchema.safeParse(value);
    expect(readTokenClaims(value)).toEqual(parsed.success ? parsed.data : null);
  });
});
