import { EmailSchema } from '@scrapper/contracts/http/me-profile';
import { Alert } from '@scrapper/ui/alert';
import { Modal } from '@scrapper/ui/modal';
import { TextInput } from '@scrapper/ui/text-input';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { SaveCancelButtons } from '@/components/save-cancel-buttons.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { getProfile, updateProfile } from '../api/profile.ts';

export const PROFILE_TITLE = 'Profil';
const SAVE_ERROR = 'Gagal menyimpan profil.';

/**
 * "Profil": the member's username and optional email (issue 31 item 9). The email is where an
 * admin reaches the member, and a deletion request sent from it is linked to this account.
 */
export function ProfileModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(false);
    getProfile(controller.signal)
      .then((profile) => {
        setUsername(profile.username);
        setEmail(profile.email ?? '');
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadError(true);
      });
    return () => controller.abort();
  }, [attempt]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || username === null) return;
    const trimmed = email.trim();
    const checked = EmailSchema.safeParse(trimmed);
    if (trimmed !== '' && !checked.success) {
      setFieldError(checked.error.issues[0]?.message ?? 'Masukkan alamat email yang valid.');
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await updateProfile(trimmed);
      useToastStore.getState().show('success', saved.email ? `Email disimpan: ${saved.email}.` : 'Email dihapus dari profil.');
      onClose();
    } catch (error) {
      setSaveError(errorMessage(error, SAVE_ERROR));
      setSaving(false);
      inputRef.current?.focus();
    }
  }

  return (
    <Modal
      open
      size="sm"
      title={PROFILE_TITLE}
      onClose={onClose}
      dismissible={!saving}
      footer={<SaveCancelButtons formId={formId} saving={saving} onCancel={onClose} />}
    >
      <LoadState
        loading={username === null && !loadError}
        error={loadError ? 'Gagal memuat profil.' : null}
        onRetry={() => setAttempt((n) => n + 1)}
      />
      {username !== null ? (
        <form id={formId} noValidate onSubmit={handleSubmit}>
          {saveError ? <Alert tone="danger">{saveError}</Alert> : null}
          <p className="muted">
            Username: <strong>{username}</strong>
          </p>
          <TextInput
            ref={inputRef}
            label="Email (opsional)"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            hint="Dipakai admin untuk menghubungi Anda. Permintaan hapus data dari alamat ini dikaitkan dengan akun Anda. Kosongkan untuk menghapusnya."
            error={fieldError ?? undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
        </form>
      ) : null}
    </Modal>
  );
}
