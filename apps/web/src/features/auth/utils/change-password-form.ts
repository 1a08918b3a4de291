import { ChangePasswordBodySchema } from '@scrapper/contracts/http/auth';
import type { ChangePasswordBody, ChangePasswordInput } from '@scrapper/contracts/http/auth';

/** The three typed fields (the token checkbox has no error of its own). */
export type ChangePasswordField = Exclude<keyof ChangePasswordBody, 'revokeApiTokens'>;
export type ChangePasswordErrors = Partial<Record<ChangePasswordField, string>>;

export const emptyChangePasswordForm: ChangePasswordBody = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeApiTokens: true,
};

const FIELDS: ChangePasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

/**
 * The server's own rules (the contract's schema), checked before sending: one message per
 * field, the first that applies.
 */
export function validateChangePassword(values: ChangePasswordInput): ChangePasswordErrors {
  const result = ChangePasswordBodySchema.safeParse(values);
  if (result.success) return {};
  const errors: ChangePasswordErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (values.confirmPassword === '' && !errors.confirmPassword) {
    errors.confirmPassword = 'Ulangi password baru.';
  }
  return errors;
}

export function firstInvalidField(errors: ChangePasswordErrors): ChangePasswordField | undefined {
  return FIELDS.find((f) => errors[f]);
}
