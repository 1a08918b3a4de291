import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { TextInput } from '@scrapper/ui/text-input';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { requestDataDeletion } from '../api.ts';
import { checkEmail, deletionErrorMessage } from '../utils/deletion-form.ts';

type Outcome = { tone: 'success' | 'danger'; message: string } | null;

/**
 * The deletion request (spec part 2, section 5: a valid email is required). The address is
 * checked here with the contract's schema before anything is sent; the server's
 * confirmation text (with the request's code; an email promised only when this server sends
 * mail) is shown as it comes. `mailEnabled`: null until the page knows.
 */
export function DataDeletionForm({ mailEnabled }: { mailEnabled: boolean | null }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setOutcome(null);
    const checked = checkEmail(email);
    if (!checked.ok) {
      setFieldError(checked.error);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      const message = await requestDataDeletion(checked.email);
      setOutcome({ tone: 'success', message });
      setEmail('');
    } catch (error) {
      setOutcome({ tone: 'danger', message: deletionErrorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="deletion-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextInput
        ref={inputRef}
        label="Alamat email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        hint={
          mailEnabled === false
            ? 'Gunakan email yang tercantum di profil akun Anda. Admin menghubungi Anda di alamat ini.'
            : mailEnabled
              ? 'Gunakan email yang tercantum di profil akun Anda. Konfirmasi dikirim ke alamat ini.'
              : 'Gunakan email yang tercantum di profil akun Anda.'
        }
        error={fieldError ?? undefined}
        onChange={(event) => {
          setEmail(event.target.value);
          if (fieldError) setFieldError(null);
        }}
      />
      {outcome ? (
        <Alert
          tone={outcome.tone}
          title={outcome.tone === 'success' ? 'Permintaan terkirim' : undefined}
        >
          {outcome.message}
        </Alert>
      ) : null}
      <Button type="submit" variant="primary" loading={sending}>
        Kirim Permintaan
      </Button>
    </form>
  );
}
