import type { ClientSecret, YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListState } from '@/components/list-state.tsx';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { useConfirmAction } from '@/hooks/use-confirm-action.ts';
import { useOAuthConnect, type OAuthConnect } from '@/hooks/use-oauth-connect.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { expireSessionOn } from '@/lib/expire-session.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { disconnectAccount, getAuthUrl, listAllAccounts, listClientSecrets } from '../api.ts';
import { ADMIN_TEXT, connectErrorMessage } from '../utils/admin-connect.ts';
import { YoutubeAccountCard } from './youtube-account-card.tsx';
import './youtube-admin.css';

const NO_ACCOUNTS: YouTubeAccount[] = [];
const NO_SECRETS: ClientSecret[] = [];

/**
 * 'Tambah Akun YouTube': Google's consent URL in the popup, the cards reloaded a second after it
 * closes; the admin's own texts (spec section 8).
 */
const CONNECT: OAuthConnect<[clientSecretId: string], 'connect'> = {
  popupBlocked: ADMIN_TEXT.popupBlocked,
  timeout: ADMIN_TEXT.oauthTimeout,
  noAuthUrl: ADMIN_TEXT.noAuthUrl,
  attempt: (clientSecretId) => {
    const token = useSessionStore.getState().token;
    return {
      mode: 'connect',
      authUrl: () => getAuthUrl(clientSecretId),
      failed: (caught) =>
        expireSessionOn(caught, token, ADMIN_TEXT.sessionExpired)
          ? null
          : connectErrorMessage(caught),
    };
  },
};

/** Admin tab 'Akun YouTube': connected channels as cards, add (OAuth popup) and disconnect. */
export function YoutubeAccountsPanel() {
  const showToast = useToastStore((state) => state.show);
  const accounts = useResource(listAllAccounts, NO_ACCOUNTS);
  const secrets = useResource(listClientSecrets, NO_SECRETS);
  const oauth = useOAuthConnect(accounts.reload, CONNECT);
  const [secretId, setSecretId] = useState('');
  const disconnect = useConfirmAction<YouTubeAccount>(
    async (account) => {
      await disconnectAccount(account.id);
      showToast('success', ADMIN_TEXT.disconnected);
      accounts.reload();
    },
    { failure: () => ADMIN_TEXT.disconnectFailed },
  );

  const activeSecrets = secrets.data.filter(
    (secret) => secret.isActive && secret.platform === 'youtube',
  );
  const chosenSecret =
    activeSecrets.find((secret) => secret.id === secretId) ?? activeSecrets[0] ?? null;
  const secretNames = new Map(secrets.data.map((secret) => [secret.id, secret.name]));

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
          loading={oauth.waiting !== null}
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
      {oauth.waiting !== null ? (
        <Spinner label="Menunggu proses login Google di jendela popup..." showLabel />
      ) : null}
      <ErrorAlert error={oauth.error} onDismiss={oauth.clearError} />

      <ListState
        list={accounts}
        loadingLabel="Memuat akun YouTube..."
        failed="Gagal memuat akun YouTube."
        empty="Belum ada akun YouTube yang terhubung."
      >
        <ul className="yt-admin-accounts" aria-label="Akun YouTube terhubung">
          {accounts.data.map((account) => (
            <YoutubeAccountCard
              key={account.id}
              account={account}
              clientSecretName={
                account.clientSecretId ? (secretNames.get(account.clientSecretId) ?? null) : null
              }
              onDisconnect={disconnect.ask}
            />
          ))}
        </ul>
      </ListState>

      <ConfirmRemoveDialog
        action={disconnect}
        title="Putuskan Koneksi Akun"
        message="Akun YouTube ini akan diputus dari aplikasi. Semua video terkait (terjadwal dan riwayat upload) juga akan dihapus."
        confirmLabel="Putuskan"
        subject={(account) => ({
          label: 'Akun',
          name: account.accountName,
          extra: account.username ? ` (pengguna ${account.username})` : '',
        })}
      />
    </Card>
  );
}
