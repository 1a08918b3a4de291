import { describe, expect, it } from 'vitest';
import { tokenUsername } from './jwt.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

describe('tokenUsername', () => {
  it("reads the payload's username (UTF-8 too)", () => {
    expect(tokenUsername(token({ sub: '1', username: 'ana', role: 'user' }))).toBe('ana');
    expect(tokenUsername(token({ username: 'sélène_ü' }))).toBe('sélène_ü');
  });
  it('gives null for anything else', () => {
    expect(tokenUsername('abc')).toBeNull();
    expect(tokenUsername('a.!!!.c')).toBeNull();
    expect(tokenUsername(token({ sub: '1' }))).toBeNull();
    expect(tokenUsername(token({ username: 5 }))).toBeNull();
    expect(tokenUsername(token({ username: 'x'.repeat(65) }))).toBeNull();
  });
});
