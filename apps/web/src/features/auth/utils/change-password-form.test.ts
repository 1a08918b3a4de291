import { describe, expect, it } from 'vitest';
import { firstInvalidField, validateChangePassword } from './change-password-form.ts';

describe('validateChangePassword', () => {
  it('accepts the current password and a new one typed twice', () => {
    expect(validateChangePassword({ currentPassword: 'lama-sekali', newPassword: 'baru-sekali', confirmPassword: 'baru-sekali' })).toEqual({});
  });

  it('names each field that is wrong, in Indonesian', () => {
    const errors = validateChangePassword({ currentPassword: '', newPassword: 'pendek', confirmPassword: 'lain' });
    expect(errors.currentPassword).toBe('Password saat ini wajib diisi.');
    expect(errors.newPassword).toBe('Password minimal 8 karakter.');
    expect(firstInvalidField(errors)).toBe('currentPassword');
  });

  it('refuses a confirmation that does not match, or is left empty', () => {
    expect(validateChangePassword({ currentPassword: 'lama-sekali', newPassword: 'baru-sekali', confirmPassword: 'baru-sekalI' }).confirmPassword).toBe(
      'Konfirmasi password baru tidak cocok.',
    );
    expect(validateChangePassword({ currentPassword: 'lama-sekali', newPassword: 'baru-sekali', confirmPassword: '' }).confirmPassword).toMatch(/tidak cocok|Ulangi/);
  });

  it('refuses a new password equal to the current one', () => {
    expect(validateChangePassword({ currentPassword: 'sama-sekali', newPassword: 'sama-sekali', confirmPassword: 'sama-sekali' }).newPassword).toBe(
      'Password baru harus berbeda dari password saat ini.',
    );
  });
});
