import type { ClientSecret, YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { useState } from 'react';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { disconnectAccount } from '../api/disconnect-account.ts';
import { listAllAccounts } from '../api/list-all-accounts.ts';
import { listClientSecrets } from '../api/list-client-secrets.ts';
import { useAdminOAuthConnect } from '../hooks/use-admin-oauth-connect.ts';
import { ADMIN_TEXT } from '../utils/admin-connect.ts';
import { YoutubeAccountCard } from './youtube-account-card.tsx';
import './youtube-admin.css';

const NO_ACCOUNTS: YouTubeAccount[] = [];
const NO_SECRETS: ClientSecret[] = [];

/** Admin tab 'Akun YouTube': connected channels as cards, add (OAuth popup) and disconnect. */
export function YoutubeAccountsPanel() {
  const showToast = useToastStore((state) => state.show);
  const accounts = useResource(listAllAccounts, NO_ACCOUNTS);
  const secrets = useResource(listClientSecrets, NO_SECRETS);
  const oauth = useAdminOAuthConnect(accounts.reload);
  const [secretId, setSecretId] = useState('');
  const [target, setTarget] = useState<YouTubeAccount | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const [disconnectError, setDisconnectError] = useState<string | null>(null);

  const activeSecrets = secrets.data.filter((secret) => secret.isActive && secret.platform === 'youtube');
  const chosenSecret =
    activeSecrets.find((secret) => secret.id === secretId) ?? activeSecrets[0] ?? null;
  const secretNames = new Map(secrets.data.map((secret) => [secret.id, secret.name]));

  function askDisconnect(account: YouTubeAccount) {
    setDisconnectError(null);
    setTarget(account);
  }

  async function disconnect() {
    if (!target) return;
    setDisconnecting(true);
    setDisconnectError(null);
    try {
      await disconnectAccount(target.id);
      setTarget(null);
      showToast('success', ADMIN_TEXT.disconnected);
      accounts.reload();
    } catch {
      setDisconnectError(ADMIN_TEXT.disconnectFailed);
    } finally {
      setDisconnecting(false);
    }
  }

  return (
    <Card title="Akun YouTube">
      <p className="muted form-note">
        Channel YouTube yang terhubung, dari semua pengguna. Akun berstatus Perlu Refresh harus
        dihubungkan ulang oleh pemiliknya di halaman YouTube Upload.
      </p>

      <div className="yt-admin-add">
        <Select
          label="Client secret untuk akun baru"
          options={activeSecrets.map((secret) => ({ value: secret.id, label: secret.name }))}
          placeholder={
            secrets.status === 'loading'
              ? 'Memuat client secret...'
              : activeSecrets.length === 0
                ? 'Tidak ada client secret aktif'
                : undefined
          }
          value={chosenSecret?.id ?? ''}
          disabled={activeSecrets.length === 0}
          onChange={(event) => setSecretId(event.target.value)}
        />
        <Button
          variant="primary"
          loading={oauth.waiting}
          disabled={!chosenSecret}
          onClick={() => {
            if (chosenSecret) void oauth.connect(chosenSecret.id);
          }}
        >
          Tambah Akun YouTube
        </Button>
      </div>
      {secrets.status === 'ready' && activeSecrets.length === 0 ? (
        <Alert tone="info">{ADMIN_TEXT.noActiveSecret}</Alert>
      ) : null}
      {secrets.status === 'error' ? (
        <Alert tone="danger">Gagal memuat daftar client secret.</Alert>
      ) : null}
      {oauth.waiting ? (
        <Spinner label="Menunggu proses login Google di jendela popup..." showLabel />
      ) : null}
      {oauth.error ? (
        <Alert tone="danger" onDismiss={oauth.clearError}>
          {oauth.error}
        </Alert>
      ) : null}

      <LoadState
        loading={accounts.status === 'loading' && accounts.data.length === 0}
        loadingLabel="Memuat akun YouTube..."
        error={accounts.status === 'error' ? 'Gagal memuat akun YouTube.' : null}
        onRetry={accounts.reload}
      />
      {accounts.status === 'ready' && accounts.data.length === 0 ? (
        <p className="muted">Belum ada akun YouTube yang terhubung.</p>
      ) : null}
      {accounts.data.length > 0 ? (
        <ul className="yt-admin-accounts" aria-label="Akun YouTube terhubung">
          {accounts.data.map((account) => (
            <YoutubeAccountCard
              key={account.id}
              account={account}
              clientSecretName={
                account.clientSecretId ? (secretNames.get(account.clientSecretId) ?? null) : null
              }
              onDisconnect={askDisconnect}
            />
          ))}
        </ul>
      ) : null}

      <ConfirmDialog
        open={target !== null}
        title="Putuskan Koneksi Akun"
        message="Akun YouTube ini akan diputus dari aplikasi. Semua video terkait (terjadwal dan riwayat upload) juga akan dihapus."
        confirmLabel="Putuskan"
        loading={disconnecting}
        onConfirm={() => void disconnect()}
        onCancel={() => setTarget(null)}
      >
        {target ? (
          <p className="muted">
            Akun: <strong>{target.accountName}</strong>
            {target.username ? ` (pengguna ${target.username})` : ''}
          </p>
        ) : null}
        {disconnectError ? <Alert tone="danger">{disconnectError}</Alert> : null}
      </ConfirmDialog>
    </Card>
  );
}
