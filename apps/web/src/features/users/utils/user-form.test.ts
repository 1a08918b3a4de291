import { describe, expect, it } from 'vitest';
import {
  emptyUserForm,
  toCreateUserBody,
  toUpdateUserBody,
  validateUserForm,
} from './user-form.ts';

describe('user form rules', () => {
  it('requires username and password when creating', () => {
    expect(validateUserForm(emptyUserForm, 'create')).toEqual({
      username: 'Username wajib diisi.',
      password: 'Password wajib diisi.',
    });
  });

  it("applies the contract's username and password rules when creating", () => {
    const errors = validateUserForm({ username: 'a b', password: 'short', role: 'user' }, 'create');
    expect(errors.username).toMatch(/hanya boleh berisi/);
    expect(errors.password).toBe('Password minimal 8 karakter.');
    expect(
      validateUserForm({ username: 'budi.s', password: 'rahasia123', role: 'admin' }, 'create'),
    ).toEqual({});
  });

  it('lets an edit keep the password by leaving it empty, but checks a new one', () => {
    expect(validateUserForm({ username: 'budi', password: '', role: 'admin' }, 'edit')).toEqual({});
    expect(validateUserForm({ username: 'budi', password: 'abc', role: 'user' }, 'edit')).toEqual({
      password: 'Password minimal 8 karakter.',
    });
  });

  it('leaves an empty password out of the update body and trims the username', () => {
    expect(toUpdateUserBody({ username: 'budi', password: '', role: 'admin' })).toEqual({
      username: 'budi',
      role: 'admin',
    });
    expect(toUpdateUserBody({ username: 'budi', password: 'baru12345', role: 'user' })).toEqual({
      username: 'budi',
      role: 'user',
      password: 'baru12345',
    });
    expect(toCreateUserBody({ username: ' budi ', password: 'rahasia123', role: 'user' })).toEqual({
      username: 'budi',
      password: 'rahasia123',
      role: 'user',
    });
  });
});
