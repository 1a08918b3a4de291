import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { ADMIN_TEXT, accountStatusText, connectErrorMessage } from './admin-connect.ts';

function httpError(status: number, serverMessage?: string): ApiError {
  return new ApiError({ kind: 'http', status, message: serverMessage ?? 'x', serverMessage });
}

describe('admin connect errors', () => {
  it('names an expired session and a missing client secret', () => {
    expect(connectErrorMessage(httpError(401, 'Token tidak valid.'))).toBe(
      'Sesi login Anda telah kedaluwarsa. Silakan login ulang ke aplikasi.',
    );
    expect(connectErrorMessage(httpError(404, 'Not found'))).toBe(
      'Client secret YouTube tidak dikonfigurasi. Silakan hubungi administrator.',
    );
  });

  it("uses the server's error text, else the general failure", () => {
    expect(connectErrorMessage(httpError(500, 'Google tidak menjawab.'))).toBe(
      'Google tidak menjawab.',
    );
    expect(connectErrorMessage(httpError(502))).toBe('Gagal memulai koneksi YouTube.');
    expect(connectErrorMessage(new Error('boom'))).toBe('Gagal memulai koneksi YouTube.');
  });

  it('says so when the answer carried no OAuth URL', () => {
    const invalid = new ApiError({ kind: 'invalid-response', status: 200, message: 'x' });
    expect(connectErrorMessage(invalid)).toBe(ADMIN_TEXT.noAuthUrl);
  });
});

describe('account status', () => {
  it('reads valid and needs-refresh accounts as the spec words them', () => {
    expect(accountStatusText(true)).toEqual({ label: 'Aktif', detail: 'Siap untuk upload' });
    expect(accountStatusText(false)).toEqual({
      label: 'Perlu Refresh',
      detail: 'Mungkin perlu re-autentikasi',
    });
  });
});
