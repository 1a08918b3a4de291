import type { ClientSecret } from '@scrapper/contracts/http/youtube-accounts';
import type { ClientSecretPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { Card } from '@scrapper/ui/card';
import { useState } from 'react';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { useConfirmAction } from '@/hooks/use-confirm-action.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { deleteClientSecret, listClientSecrets } from '../api.ts';
import { ClientSecretEntry } from './client-secret-entry.tsx';
import { ClientSecretForm } from './client-secret-form.tsx';
import './youtube-admin.css';

const NO_SECRETS: ClientSecret[] = [];

export interface ClientSecretsPanelProps {
  /** Only this platform's apps (the Meta tab); absent: every platform (tab 'Client Secret'). */
  platform?: ClientSecretPlatform;
}

/** Admin tab 'Client Secret': the add/edit form and the list with Edit and Delete. */
export function ClientSecretsPanel({ platform }: ClientSecretsPanelProps = {}) {
  const showToast = useToastStore((state) => state.show);
  const secrets = useResource(listClientSecrets, NO_SECRETS);
  const [editing, setEditing] = useState<ClientSecret | null>(null);
  // A new key after each save gives an empty add form.
  const [formKey, setFormKey] = useState(0);
  const removal = useConfirmAction<ClientSecret>(
    async (secret) => {
      await deleteClientSecret(secret.id);
      showToast('success', `Client secret ${secret.name} berhasil dihapus.`);
      if (editing?.id === secret.id) setEditing(null);
      secrets.reload();
    },
    { failure: 'Gagal menghapus client secret.' },
  );
  const shown = platform
    ? secrets.data.filter((secret) => secret.platform === platform)
    : secrets.data;

  function saved(secret: ClientSecret, mode: 'create' | 'edit') {
    showToast(
      'success',
      mode === 'edit'
        ? `Client secret ${secret.name} berhasil diperbarui.`
        : `Client secret ${secret.name} berhasil ditambahkan.`,
    );
    setEditing(null);
    setFormKey((key) => key + 1);
    secrets.reload();
  }

  return (
    <div className="yt-admin">
      <ClientSecretForm
        key={editing ? `edit-${editing.id}` : `new-${formKey}`}
        secret={editing}
        onSaved={saved}
        onCancelEdit={() => setEditing(null)}
        platforms={platform ? [platform] : undefined}
      />

      <Card title={platform === 'meta' ? 'Kredensial aplikasi Meta' : 'Daftar Client Secret'}>
        {platform === undefined || platform === 'youtube' ? (
          <p className="muted form-note">
            Kuota YouTube dihitung per hari Google (mulai tengah malam waktu Pasifik).
          </p>
        ) : null}
        <LoadState
          loading={secrets.status === 'loading' && secrets.data.length === 0}
          loadingLabel="Memuat client secret..."
          error={secrets.status === 'error' ? 'Gagal memuat daftar client secret.' : null}
          onRetry={secrets.reload}
        />
        {secrets.status === 'ready' && shown.length === 0 ? (
          <p className="muted">
            {platform === 'meta'
              ? 'Belum ada aplikasi Meta. Tambahkan satu agar pengguna bisa menghubungkan Facebook Page dan Instagram.'
              : 'Belum ada client secret. Tambahkan satu agar pengguna bisa menghubungkan akun YouTube, TikTok atau Meta.'}
          </p>
        ) : null}
        {shown.length > 0 ? (
          <ul className="yt-admin-secrets" aria-label="Client secret tersimpan">
            {shown.map((secret) => (
              <ClientSecretEntry
                key={secret.id}
                secret={secret}
                editing={editing?.id === secret.id}
                onEdit={setEditing}
                onDelete={removal.ask}
              />
            ))}
          </ul>
        ) : null}
      </Card>

      <ConfirmRemoveDialog
        action={removal}
        title="Hapus Client Secret"
        message="Akun yang terhubung lewat aplikasi ini tetap ada, tetapi perlu dihubungkan ulang dengan aplikasi lain."
        confirmLabel="Hapus"
        subject={(secret) => ({ label: 'Client secret', name: secret.name })}
      />
    </div>
  );
}
