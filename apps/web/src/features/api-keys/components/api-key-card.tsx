import { API_KEY_LABEL_MAX, type ApiKey } from '@scrapper/contracts/http/keys';
import { Alert } from '@scrapper/ui/alert';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { PasswordInput } from '@scrapper/ui/password-input';
import { TextInput } from '@scrapper/ui/text-input';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { errorMessage } from '@/lib/api-error.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { SET_ACTIVE_FAILED, useApiKeys } from '../hooks/use-api-keys.ts';
import type { ApiKeyOperations } from '../utils/key-operations.ts';
import { keyValidity } from '../utils/key-selection.ts';
import { ApiKeyValidity } from './api-key-validity.tsx';

type Busy = 'add' | 'activate' | 'validate' | 'delete' | null;

/** How a key is named in messages: its label and its last four characters. */
function keyName(key: ApiKey): string {
  return key.label ? `${key.label} (${key.key})` : key.key;
}

export interface ApiKeyCardProps {
  /** The card's heading and region name, e.g. 'Apify'. */
  title: string;
  /** Label of the new-key field, e.g. 'Kunci API Apify baru'. */
  inputLabel: string;
  /** Form name prefix, unique on the page (radio group and input names). */
  name: string;
  /** Shown when the type has no keys yet. */
  emptyText: string;
  /** Module-level (stable) calls for this key type. */
  operations: ApiKeyOperations;
}

/**
 * One key type of the API key tab: keys by their label and last four characters with their
 * status, when added and when checked; add (validated at once), set active, validate, delete.
 */
export function ApiKeyCard({ title, inputLabel, name, emptyText, operations }: ApiKeyCardProps) {
  const [error, setError] = useState<string | null>(null);
  const { keys, selectedId, setSelectedId, status, reload, replace, append } = useApiKeys(
    operations,
    setError,
  );
  const showToast = useToastStore((state) => state.show);
  const [newKey, setNewKey] = useState('');
  const [newLabel, setNewLabel] = useState('');
  const [newKeyError, setNewKeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const newKeyRef = useRef<HTMLInputElement>(null);

  const selected = keys.find((key) => key.id === selectedId) ?? null;

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>, failure: string) {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, failure));
    } finally {
      setBusy(null);
    }
  }

  async function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const key = newKey.trim();
    // Spec: a key cannot be added when empty.
    if (!key) {
      setNewKeyError('API key tidak boleh kosong.');
      newKeyRef.current?.focus();
      return;
    }
    setNewKeyError(null);
    await run(
      'add',
      async () => {
        const added = await operations.add(key, newLabel.trim() || undefined);
        // A valid new key may have taken over from the active one: read the list again.
        if (added.isActive) reload();
        else append(added);
        setSelectedId(added.id);
        setNewKey('');
        setNewLabel('');
        const name = keyName(added);
        if (added.status === 'valid')
          showToast('success', `Kunci API berhasil ditambahkan dan valid: ${name}.`);
        else
          showToast(
            'info',
            `Kunci API ditambahkan, tetapi ${added.status === 'invalid' ? 'tidak valid' : 'belum dapat dicek'}: ${name}. ${added.validationMessage ?? ''}`.trim(),
          );
      },
      'Gagal menambahkan kunci API.',
    );
  }

  function activate() {
    if (!selected) return;
    void run(
      'activate',
      async () => {
        replace(await operations.setActive(selected.id));
        showToast('success', `Kunci ${keyName(selected)} sekarang aktif.`);
      },
      SET_ACTIVE_FAILED,
    );
  }

  function validate() {
    if (!selected) return;
    void run(
      'validate',
      async () => {
        let checked: ApiKey;
        try {
          checked = await operations.validate(selected.id);
        } catch (caught) {
          // A refused validation (a Gemini key without a text model: 422) is recorded on the
          // key: show the key as the server now has it, beside the error, keeping the selection.
          const fresh = (await operations.list().catch(() => [])).find((k) => k.id === selected.id);
          if (fresh) replace(fresh);
          throw caught;
        }
        replace(checked);
        const validity = keyValidity(checked);
        const model = checked.model ? ` Model: ${checked.model}.` : '';
        showToast(
          validity === 'valid' ? 'success' : 'info',
          validity === 'valid'
            ? `Kunci ${keyName(checked)} valid.${model}`
            : `Kunci ${keyName(checked)} ${validity === 'invalid' ? 'tidak valid' : 'belum dapat dicek'}: ${checked.validationMessage ?? 'tanpa keterangan'}`,
        );
      },
      'Gagal memvalidasi kunci API.',
    );
  }

  async function remove() {
    if (!selected) return;
    await run(
      'delete',
      async () => {
        await operations.remove(selected.id);
        setConfirmOpen(false);
        showToast('success', 'Kunci API berhasil dihapus.');
        // The server may have made another key active: read the list again.
        reload();
        newKeyRef.current?.focus();
      },
      'Gagal menghapus kunci API.',
    );
  }

  return (
    <Card title={title} headingLevel={3} className="card-grid__card">
      {error ? (
        <Alert tone="danger" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      <form className="key-add" noValidate onSubmit={handleAdd}>
        <PasswordInput
          ref={newKeyRef}
          label={inputLabel}
          name={`${name}-key`}
          autoComplete="off"
          spellCheck={false}
          value={newKey}
          error={newKeyError ?? undefined}
          onChange={(event) => {
            setNewKey(event.target.value);
            setNewKeyError(null);
          }}
        />
        <TextInput
          label="Label (opsional)"
          name={`${name}-label`}
          autoComplete="off"
          maxLength={API_KEY_LABEL_MAX}
          placeholder="mis. Akun utama"
          value={newLabel}
          onChange={(event) => setNewLabel(event.target.value)}
        />
        <Button type="submit" variant="primary" loading={busy === 'add'}>
          Tambah Kunci
        </Button>
      </form>

      <LoadState
        loading={status === 'loading'}
        error={status === 'error' ? 'Gagal memuat kunci API.' : null}
        onRetry={reload}
      />
      {status === 'ready' && keys.length === 0 ? <p className="muted">{emptyText}</p> : null}
      {status === 'ready' && keys.length > 0 ? (
        <>
          <fieldset className="key-list">
            <legend className="key-list__legend">Kunci tersimpan ({keys.length})</legend>
            {keys.map((apiKey) => (
              <label
                key={apiKey.id}
                className={
                  apiKey.id === selectedId ? 'key-option key-option--selected' : 'key-option'
                }
              >
                <input
                  type="radio"
                  name={`${name}-key-selected`}
                  value={apiKey.id}
                  checked={apiKey.id === selectedId}
                  onChange={() => setSelectedId(apiKey.id)}
                />
                <span className="key-option__body">
                  <span className="key-option__key">
                    {apiKey.label ? (
                      <span className="key-option__label">{apiKey.label}</span>
                    ) : null}
                    <code>{apiKey.key}</code>
                    {apiKey.isActive ? <Badge tone="info">Aktif</Badge> : null}
                  </span>
                  <ApiKeyValidity apiKey={apiKey} />
                </span>
              </label>
            ))}
          </fieldset>
          <div className="row-actions row-actions--wrap key-actions">
            <Button
              onClick={activate}
              disabled={!selected || selected.isActive}
              loading={busy === 'activate'}
            >
              Jadikan Aktif
            </Button>
            <Button onClick={validate} disabled={!selected} loading={busy === 'validate'}>
              Validasi
            </Button>
            <Button variant="danger" onClick={() => setConfirmOpen(true)} disabled={!selected}>
              Hapus
            </Button>
          </div>
        </>
      ) : null}

      <ConfirmDialog
        open={confirmOpen}
        title="Hapus Kunci API"
        message="Apakah Anda yakin ingin menghapus kunci yang dipilih?"
        confirmLabel="Hapus"
        loading={busy === 'delete'}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmOpen(false)}
      >
        {selected ? (
          <p className="muted">
            Kunci: {selected.label ? `${selected.label} ` : ''}
            <code>{selected.key}</code>
          </p>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
