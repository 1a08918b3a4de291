import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { LOGIN_FAILED_MESSAGE, loginErrorMessage } from './login-error-message.ts';

const http = (status: number, serverMessage?: string) =>
  new ApiError({ kind: 'http', status, message: serverMessage ?? 'x', serverMessage });

describe('loginErrorMessage', () => {
  it("shows the spec's fixed text for wrong credentials, whatever the server said", () => {
    expect(loginErrorMessage(http(401, 'Username atau password salah.'))).toBe(
      'Login gagal. Periksa kembali username dan password Anda.',
    );
    expect(LOGIN_FAILED_MESSAGE).toBe('Login gagal. Periksa kembali username dan password Anda.');
  });

  it("shows the server's message when rate limited", () => {
    expect(
      loginErrorMessage(http(429, 'Terlalu banyak percobaan. Coba lagi dalam 10 menit.')),
    ).toBe('Terlalu banyak percobaan. Coba lagi dalam 10 menit.');
  });

  it('says when the server cannot be reached', () => {
    const error = new ApiError({
      kind: 'network',
      status: 0,
      message: 'Tidak dapat terhubung ke server.',
    });
    expect(loginErrorMessage(error)).toBe('Tidak dapat terhubung ke server.');
  });
});
