import { RoleSchema } from '@scrapper/contracts/common';
import type { Role } from '@scrapper/contracts/common';
import { PasswordSchema, UsernameSchema } from '@scrapper/contracts/http/users';
import type { CreateUserBody, User } from '@scrapper/contracts/http/users';
import type { z } from 'zod';
import type { UpdateUserInput } from '../api.ts';

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  username: string;
  password: string;
  role: Role;
}

export type UserFormErrors = Partial<Record<keyof UserFormValues, string>>;

export const emptyUserForm: UserFormValues = { username: '', password: '', role: 'user' };

export function userFormFromUser(user: User): UserFormValues {
  return { username: user.username, password: '', role: user.role };
}

function firstIssue(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * Spec (user form): on create, username and password are required; on edit the username is
 * locked and an empty password means "keep the current one". Beyond presence, the rules are
 * the contract's (username 3-32 of letters, digits, . _ -; password at least 8), so the form
 * and the server refuse the same things with the same words.
 */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const errors: UserFormErrors = {};
  if (mode === 'create') {
    errors.username = values.username.trim()
      ? firstIssue(UsernameSchema, values.username)
      : 'Username wajib diisi.';
    errors.password = values.password
      ? firstIssue(PasswordSchema, values.password)
      : 'Password wajib diisi.';
  } else if (values.password) {
    errors.password = firstIssue(PasswordSchema, values.password);
  }
  errors.role = firstIssue(RoleSchema, values.role);
  return Object.fromEntries(
    Object.entries(errors).filter(([, message]) => message !== undefined),
  ) as UserFormErrors;
}

export function hasErrors(errors: UserFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function toCreateUserBody(values: UserFormValues): CreateUserBody {
  return { username: values.username.trim(), password: values.password, role: values.role };
}

/** The PUT body: the (unchanged) username, the role, and the password only when one was typed. */
export function toUpdateUserBody(values: UserFormValues): UpdateUserInput {
  const body = { username: values.username.trim(), role: values.role };
  return values.password ? { ...body, password: values.password } : body;
}
