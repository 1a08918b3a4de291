import type { User } from '@scrapper/contracts/http/users';
import { Alert } from '@scrapper/ui/alert';
import { Modal } from '@scrapper/ui/modal';
import { PasswordInput } from '@scrapper/ui/password-input';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { SaveCancelButtons } from '@/components/save-cancel-buttons.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { fieldBinder } from '@/lib/bind-field.ts';
import { createUser, updateUser } from '../api.ts';
import {
  emptyUserForm,
  hasErrors,
  toCreateUserBody,
  toUpdateUserBody,
  userFormFromUser,
  validateUserForm,
} from '../utils/user-form.ts';
import type { UserFormErrors, UserFormValues } from '../utils/user-form.ts';

const roleOptions = [
  { value: 'user', label: 'user' },
  { value: 'admin', label: 'admin' },
];

export interface UserFormModalProps {
  /** The user being edited; absent when adding one. */
  user?: User;
  onClose: () => void;
  onSaved: (user: User, mode: 'create' | 'edit') => void;
}

/** 'Tambah Pengguna Baru' / 'Edit Pengguna'. Mounted only while open, so it starts fresh. */
export function UserFormModal({ user, onClose, onSaved }: UserFormModalProps) {
  const mode = user ? 'edit' : 'create';
  const formId = useId();
  const [values, setValues] = useState<UserFormValues>(
    user ? userFormFromUser(user) : emptyUserForm,
  );
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function update<K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }
  const refs = { username: usernameRef, password: passwordRef };
  const field = fieldBinder(values, errors, update, (name) => ({ ref: refs[name] }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateUserForm(values, mode);
    setErrors(found);
    if (hasErrors(found)) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const saved = user
        ? await updateUser(user.id, toUpdateUserBody(values))
        : await createUser(toCreateUserBody(values));
      onSaved(saved, mode);
    } catch (error) {
      setSaveError(
        errorMessage(
          error,
          mode === 'edit' ? 'Gagal memperbarui pengguna.' : 'Gagal membuat pengguna.',
        ),
      );
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={mode === 'edit' ? 'Edit Pengguna' : 'Tambah Pengguna Baru'}
      onClose={onClose}
      dismissible={!saving}
      footer={<SaveCancelButtons formId={formId} saving={saving} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={handleSubmit}>
        {saveError ? <Alert tone="danger">{saveError}</Alert> : null}
        <TextInput
          label="Username"
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required={mode === 'create'}
          disabled={mode === 'edit'}
          hint={
            mode === 'create'
              ? '3-32 karakter: huruf, angka, titik, garis bawah, tanda hubung.'
              : undefined
          }
          {...field('username')}
        />
        <PasswordInput
          label="Password"
          name="password"
          // new-password keeps the browser from filling in the admin's own saved password.
          autoComplete="new-password"
          required={mode === 'create'}
          placeholder={mode === 'edit' ? 'Kosongkan jika tidak ingin mengubah' : undefined}
          hint="Minimal 8 karakter."
          {...field('password')}
        />
        <Select
          label="Role"
          name="role"
          options={roleOptions}
          value={values.role}
          error={errors.role}
          onChange={(event) => update('role', event.target.value === 'admin' ? 'admin' : 'user')}
        />
      </form>
    </Modal>
  );
}
