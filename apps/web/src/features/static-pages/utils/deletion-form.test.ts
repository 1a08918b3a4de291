import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  EMAIL_TOO_LONG,
  NETWORK_FAILURE,
  checkEmail,
  deletionErrorMessage,
} from './deletion-form.ts';

describe('deletion request email', () => {
  it('accepts an address, trimmed', () => {
    expect(checkEmail('  budi@contoh.co.id ')).toEqual({ ok: true, email: 'budi@contoh.co.id' });
    expect(checkEmail('a.b+scrapper@sub.example.com')).toEqual({
      ok: true,
      email: 'a.b+scrapper@sub.example.com',
    });
  });

  it('asks for an address when the field is empty or blank', () => {
    expect(checkEmail('')).toEqual({ ok: false, error: EMAIL_REQUIRED });
    expect(checkEmail('   ')).toEqual({ ok: false, error: EMAIL_REQUIRED });
  });

  it('refuses what is not an email address', () => {
    for (const value of [
      'budi',
      'budi@',
      '@contoh.com',
      'budi@contoh',
      'budi @contoh.com',
      'a@b@c.com',
    ]) {
      expect(checkEmail(value), value).toEqual({ ok: false, error: EMAIL_INVALID });
    }
  });

  it('refuses an address longer than the server takes', () => {
    const long = `${'a'.repeat(250)}@x.com`;
    expect(checkEmail(long)).toEqual({ ok: false, error: EMAIL_TOO_LONG });
  });
});

describe('deletion request errors', () => {
  it("prefixes the server's message with 'Error: '", () => {
    const tooMany = new ApiError({
      kind: 'http',
      status: 429,
      message: 'Terlalu banyak permintaan. Coba lagi dalam satu jam.',
      serverMessage: 'Terlalu banyak permintaan. Coba lagi dalam satu jam.',
    });
    expect(deletionErrorMessage(tooMany)).toBe(
      'Error: Terlalu banyak permintaan. Coba lagi dalam satu jam.',
    );
    const bare = new ApiError({
      kind: 'http',
      status: 502,
      message: 'Permintaan gagal (HTTP 502).',
    });
    expect(deletionErrorMessage(bare)).toBe('Error: Permintaan gagal (HTTP 502).');
  });

  it('says to try again or contact support when the server cannot be reached', () => {
    const offline = new ApiError({ kind: 'network', status: 0, message: 'x' });
    expect(deletionErrorMessage(offline)).toBe(NETWORK_FAILURE);
    expect(deletionErrorMessage(new Error('?'))).toBe(NETWORK_FAILURE);
  });
});
