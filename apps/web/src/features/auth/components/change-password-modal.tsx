import type { ChangePasswordBody } from '@scrapper/contracts/http/auth';
import { Alert } from '@scrapper/ui/alert';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Modal } from '@scrapper/ui/modal';
import { PasswordInput } from '@scrapper/ui/password-input';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { SaveCancelButtons } from '@/components/save-cancel-buttons.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { fieldBinder } from '@/lib/bind-field.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { changePassword } from '../api/change-password.ts';
import {
  emptyChangePasswordForm,
  firstInvalidField,
  validateChangePassword,
} from '../utils/change-password-form.ts';
import type { ChangePasswordErrors, ChangePasswordField } from '../utils/change-password-form.ts';

export const CHANGE_PASSWORD_TITLE = 'Ganti Password';
export const CHANGE_PASSWORD_SUCCESS =
  'Password berhasil diganti. Sesi di perangkat lain telah diakhiri.';
export const REVOKE_TOKENS_LABEL = 'Cabut juga semua Token API';

/** What the change did to the member's personal tokens, said after the success sentence. */
export function changePasswordOutcome(revokeApiTokens: boolean, revoked: number): string {
  if (!revokeApiTokens) return `${CHANGE_PASSWORD_SUCCESS} Token API Anda tetap berlaku.`;
  if (revoked === 0) return `${CHANGE_PASSWORD_SUCCESS} Tidak ada Token API aktif yang perlu dicabut.`;
  return `${CHANGE_PASSWORD_SUCCESS} ${revoked} Token API dicabut.`;
}
const SAVE_ERROR = 'Gagal mengganti password.';

/**
 * "Ganti Password": the current password, then the new one twice. On success this session
 * keeps going on the fresh token the server returns; every other session of the member ends.
 */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [values, setValues] = useState<ChangePasswordBody>(emptyChangePasswordForm);
  const [errors, setErrors] = useState<ChangePasswordErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  } satisfies Record<ChangePasswordField, unknown>;

  function update(field: ChangePasswordField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }
  const field = fieldBinder(values, errors, update, (name) => ({ ref: refs[name] }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateChangePassword(values);
    setErrors(found);
    const invalid = firstInvalidField(found);
    if (invalid) {
      refs[invalid].current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const { token, user, revokedApiTokens } = await changePassword(values);
      useSessionStore.getState().login(token, user);
      useToastStore.getState().show('success', changePasswordOutcome(values.revokeApiTokens, revokedApiTokens));
      onClose();
    } catch (error) {
      setSaveError(errorMessage(error, SAVE_ERROR));
      setSaving(false);
      refs.currentPassword.current?.focus();
    }
  }

  return (
    <Modal
      open
      size="sm"
      title={CHANGE_PASSWORD_TITLE}
      onClose={onClose}
      dismissible={!saving}
      footer={<SaveCancelButtons formId={formId} saving={saving} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={handleSubmit}>
        {saveError ? <Alert tone="danger">{saveError}</Alert> : null}
        <PasswordInput
          label="Password saat ini"
          name="current-password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <PasswordInput
          label="Password baru"
          name="new-password"
          autoComplete="new-password"
          required
          hint="Minimal 8 karakter. Sesi di perangkat lain akan diakhiri."
          {...field('newPassword')}
        />
        <PasswordInput
          label="Ulangi password baru"
          name="confirm-password"
          autoComplete="new-password"
          required
          {...field('confirmPassword')}
        />
        <Checkbox
          label={REVOKE_TOKENS_LABEL}
          name="revoke-api-tokens"
          checked={values.revokeApiTokens}
          onChange={(event) => setValues((current) => ({ ...current, revokeApiTokens: event.target.checked }))}
        />
      </form>
    </Modal>
  );
}
