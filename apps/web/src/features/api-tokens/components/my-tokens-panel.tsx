import {
  API_TOKEN_NAME_MAX,
  MAX_API_TOKENS_PER_MEMBER,
  type ApiToken,
  type CreateApiTokenBody,
  type CreateApiTokenResponse,
} from '@scrapper/contracts/http/me-tokens';
import { jakartaDate, jakartaDayEnd } from '@scrapper/contracts/rules/jakarta-time';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListState } from '@/components/list-state.tsx';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { createToken, listMyTokens, revokeMyToken } from '../api.ts';
import { NewTokenSecret } from './new-token-secret.tsx';
import { TokenList } from './token-list.tsx';
import { useRevokeToken } from '../hooks/use-revoke-token.ts';

const scopeOptions = [
  { value: 'read', label: 'read — hanya membaca (GET)' },
  { value: 'write', label: 'write — membaca dan mengubah' },
];

/** The member's own tokens: the create form, the new secret shown once, the list with revoke. */
export function MyTokensPanel({ onChange }: { onChange?: () => void }) {
  const tokens = useResource<ApiToken[]>(listMyTokens, []);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<CreateApiTokenBody['scope']>('read');
  const [expiryDate, setExpiryDate] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  const revoke = useRevokeToken<ApiToken>(revokeMyToken, (token) => {
    tokens.setData((current) => current.filter((t) => t.id !== token.id));
    if (created?.token.id === token.id) setCreated(null);
    onChange?.();
  });
  const today = jakartaDate(new Date());

  async function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Nama token wajib diisi.');
      return;
    }
    setNameError(null);
    setSaving(true);
    setError(null);
    try {
      // The token works through the whole chosen day (Jakarta time).
      const expiresAt = expiryDate ? jakartaDayEnd(expiryDate).toISOString() : null;
      const answer = await createToken({ name: trimmed, scope, expiresAt });
      setCreated(answer);
      tokens.setData((current) => [answer.token, ...current]);
      onChange?.();
      setName('');
      setExpiryDate('');
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal membuat token API.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Card title="Buat token baru">
        <form className="api-tokens__form" onSubmit={(event) => void handleCreate(event)} noValidate>
          <TextInput
            label="Nama token"
            hint={`Untuk apa token ini, misalnya "n8n harian" (maksimal ${API_TOKEN_NAME_MAX} karakter).`}
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            required
            error={nameError ?? undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <Select
            label="Scope"
            options={scopeOptions}
            value={scope}
            onChange={(event) => setScope(event.target.value === 'write' ? 'write' : 'read')}
          />
          <TextInput
            label="Berlaku sampai (opsional)"
            hint="Kosongkan agar token berlaku sampai dicabut. Token berhenti bekerja setelah tanggal ini berakhir (WIB)."
            type="date"
            min={today}
            value={expiryDate}
            onChange={(event) => setExpiryDate(event.target.value)}
          />
          <div className="api-tokens__actions">
            <Button type="submit" loading={saving}>
              Buat token
            </Button>
          </div>
        </form>
        {created ? <NewTokenSecret created={created} onDone={() => setCreated(null)} /> : null}
      </Card>
      <Card title="Token saya">
        <ErrorAlert
          error={error ?? revoke.error}
          onDismiss={() => {
            setError(null);
            revoke.setError(null);
          }}
        />
        <ListState
          list={tokens}
          failed="Gagal memuat token API Anda."
          empty="Belum ada token API. Buat satu di atas untuk memanggil API dari skrip atau alat lain."
        />
        <TokenList tokens={tokens.data} label="Token API saya" onRevoke={revoke.ask} />
        <p className="muted api-tokens__limit">
          Paling banyak {MAX_API_TOKENS_PER_MEMBER} token aktif per akun.
        </p>
      </Card>
      <ConfirmRemoveDialog
        action={revoke}
        title="Cabut token API"
        message={`Cabut token "${revoke.target?.name ?? ''}"? Skrip atau alat yang memakainya langsung ditolak, dan token ini tidak bisa dipulihkan.`}
        confirmLabel="Cabut"
      />
    </>
  );
}
