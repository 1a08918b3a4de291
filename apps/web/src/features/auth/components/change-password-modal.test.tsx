import { describe, expect, it } from 'vitest';
import { CHANGE_PASSWORD_SUCCESS, changePasswordOutcome } from './change-password-modal.tsx';

describe('changePasswordOutcome', () => {
  it('says what the change did to the personal tokens', () => {
    expect(changePasswordOutcome(true, 2)).toBe(`${CHANGE_PASSWORD_SUCCESS} 2 Token API dicabut.`);
    expect(changePasswordOutcome(true, 0)).toBe(`${CHANGE_PASSWORD_SUCCESS} Tidak ada Token API aktif yang perlu dicabut.`);
    expect(changePasswordOutcome(false, 0)).toBe(`${CHANGE_PASSWORD_SUCCESS} Token API Anda tetap berlaku.`);
  });
});
