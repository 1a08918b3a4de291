import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { Alert } from '@scrapper/ui/alert';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { useEffect, useMemo } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { useConfirmAction } from '@/hooks/use-confirm-action.ts';
import { useOAuthConnect, type OAuthConnect } from '@/hooks/use-oauth-connect.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { deleteAccount, getAuthUrl } from '../api.ts';
import type { ClientSecretOption } from '../api.ts';
import { useAccountQuota } from '@/hooks/use-account-quota.ts';
import { useAccounts } from '../hooks/use-accounts.ts';
import { usePlaylists } from '../hooks/use-playlists.ts';
import {
  TEXT,
  connectFailed,
  deleteAccountFailed,
  reasonOf,
  reauthFailed,
} from '../utils/messages.ts';
import {
  NO_PLAYLIST,
  resolveChoice,
  resolvePlaylist,
  selectAccount,
  selectClientSecret,
  selectPlaylist,
} from '../utils/selection.ts';
import type { YoutubeSelection } from '../utils/selection.ts';
import type { UploadErrors } from '../utils/upload-draft.ts';
import { QuotaSummary } from '@/components/quota-summary.tsx';

export interface AccountPanelProps {
  clientSecrets: ClientSecretOption[];
  selection: YoutubeSelection;
  onSelectionChange: (change: (current: YoutubeSelection) => YoutubeSelection) => void;
  errors: Pick<UploadErrors, 'clientSecretId' | 'accountId'>;
  clientSecretRef: (element: HTMLSelectElement | null) => void;
  accountRef: (element: HTMLSelectElement | null) => void;
  /** The account and its uploads were deleted: the history changes too. */
  onAccountDeleted: () => void;
  /** Changes when an upload finished: the quota left today is read again. */
  quotaRefreshKey: string;
}

/**
 * 'Hubungkan Akun' and 'Autentikasi Ulang' (spec sections 4, 5 and 8): needs a stored login
 * token and a client secret; Google's consent URL in the popup, the accounts reloaded a second
 * after it closes.
 */
const CONNECT: OAuthConnect<
  [clientSecretId: string | null, accountId?: string],
  'connect' | 'reauth'
> = {
  popupBlocked: TEXT.popupBlocked,
  timeout: TEXT.oauthTimeout,
  attempt: (clientSecretId, accountId) => {
    if (!useSessionStore.getState().token) return TEXT.notLoggedIn;
    if (!clientSecretId) return TEXT.chooseClientSecret;
    const failed = accountId ? reauthFailed : connectFailed;
    return {
      mode: accountId ? 'reauth' : 'connect',
      authUrl: () => getAuthUrl(clientSecretId, accountId),
      failed: (caught) => failed(reasonOf(caught)),
    };
  },
};

/**
 * Accounts shown for a client secret: those connected through it, and those whose client was
 * deleted (they need connecting again, which binds them to the chosen client).
 */
function accountsFor(accounts: YouTubeAccount[], clientSecretId: string | null): YouTubeAccount[] {
  if (!clientSecretId) return [];
  return accounts.filter(
    (account) => account.clientSecretId === clientSecretId || account.clientSecretId === null,
  );
}

function accountLabel(account: YouTubeAccount): string {
  return account.isValid ? account.accountName : `${account.accountName} (Perlu Refresh)`;
}

/** Client secret, account and playlist, with connect, re-authenticate and delete. */
export function AccountPanel({
  clientSecrets,
  selection,
  onSelectionChange,
  errors,
  clientSecretRef,
  accountRef,
  onAccountDeleted,
  quotaRefreshKey,
}: AccountPanelProps) {
  const showToast = useToastStore((state) => state.show);
  const accounts = useAccounts();
  const playlists = usePlaylists(selection.accountId);
  const oauth = useOAuthConnect(accounts.reload, CONNECT);
  const removal = useConfirmAction<YouTubeAccount>(
    async (account) => {
      await deleteAccount(account.id);
      showToast('success', TEXT.accountDeleted);
      onSelectionChange((current) => selectAccount(current, null));
      accounts.reload();
      onAccountDeleted();
    },
    { failure: (error) => deleteAccountFailed(reasonOf(error)), closeOnFailure: true },
  );

  const secretIds = clientSecrets.map((secret) => secret.id);
  const secretKey = secretIds.join(',');
  const shownAccounts = useMemo(
    () => accountsFor(accounts.accounts, selection.clientSecretId),
    [accounts.accounts, selection.clientSecretId],
  );
  const accountKey = shownAccounts.map((account) => account.id).join(',');
  const selectedAccount = shownAccounts.find((account) => account.id === selection.accountId);
  const quota = useAccountQuota(selectedAccount?.id ?? null, quotaRefreshKey);
  const playlistState = playlists.state;
  const playlistKey = playlistState.playlists.map((playlist) => playlist.id).join(',');

  // Spec section 4: a saved choice the loaded list lacks becomes the first entry, or none.
  useEffect(() => {
    const ids = secretKey ? secretKey.split(',') : [];
    const resolved = resolveChoice(selection.clientSecretId, ids);
    if (resolved !== selection.clientSecretId) {
      onSelectionChange((current) => selectClientSecret(current, resolved));
    }
  }, [secretKey, selection.clientSecretId, onSelectionChange]);

  const secretKnown =
    selection.clientSecretId !== null && secretIds.includes(selection.clientSecretId);
  useEffect(() => {
    if (accounts.status !== 'ready' || !secretKnown) return;
    const ids = accountKey ? accountKey.split(',') : [];
    const resolved = resolveChoice(selection.accountId, ids);
    if (resolved !== selection.accountId) {
      onSelectionChange((current) => selectAccount(current, resolved));
    }
  }, [accounts.status, accountKey, secretKnown, selection.accountId, onSelectionChange]);

  useEffect(() => {
    if (playlistState.status !== 'ready' || playlistState.accountId !== selection.accountId) return;
    const ids = playlistKey ? playlistKey.split(',') : [];
    const resolved = resolvePlaylist(selection.playlistId, ids);
    if (resolved !== (selection.playlistId === NO_PLAYLIST ? null : selection.playlistId)) {
      onSelectionChange((current) => selectPlaylist(current, resolved));
    }
  }, [
    playlistState.status,
    playlistState.accountId,
    playlistKey,
    selection.accountId,
    selection.playlistId,
    onSelectionChange,
  ]);

  const accountPlaceholder =
    accounts.status === 'loading' && accounts.accounts.length === 0
      ? 'Memuat akun...'
      : shownAccounts.length === 0
        ? 'Belum ada akun terhubung'
        : 'Pilih akun YouTube';

  return (
    <Card title="Akun YouTube" className="yt-account-panel">
      <div className="yt-account-panel__fields">
        <Select
          ref={clientSecretRef}
          label="Client secret"
          required
          placeholder="Pilih client secret"
          options={clientSecrets.map((secret) => ({ value: secret.id, label: secret.name }))}
          value={selection.clientSecretId ?? ''}
          error={errors.clientSecretId}
          hint="Aplikasi Google yang dipakai untuk menghubungkan akun."
          onChange={(event) =>
            onSelectionChange((current) => selectClientSecret(current, event.target.value || null))
          }
        />
        <Select
          ref={accountRef}
          label="Akun YouTube"
          required
          placeholder={accountPlaceholder}
          options={shownAccounts.map((account) => ({
            value: account.id,
            label: accountLabel(account),
          }))}
          value={selection.accountId ?? ''}
          error={errors.accountId}
          onChange={(event) =>
            onSelectionChange((current) => selectAccount(current, event.target.value || null))
          }
        />
        <Select
          label="Playlist"
          options={[
            { value: NO_PLAYLIST, label: 'Tanpa playlist' },
            ...playlistState.playlists.map((playlist) => ({
              value: playlist.id,
              label: playlist.title,
            })),
          ]}
          value={selection.playlistId ?? NO_PLAYLIST}
          disabled={!selection.accountId || playlistState.status === 'loading'}
          hint={playlistState.status === 'loading' ? 'Memuat playlist...' : 'Opsional.'}
          onChange={(event) =>
            onSelectionChange((current) => selectPlaylist(current, event.target.value || null))
          }
        />
      </div>

      {selectedAccount ? (
        <p className="yt-account-status" aria-live="polite">
          Status akun:{' '}
          {selectedAccount.isValid ? (
            <Badge tone="info">Aktif</Badge>
          ) : (
            <>
              <Badge tone="danger">Perlu Refresh</Badge>{' '}
              <span className="muted">Mungkin perlu re-autentikasi.</span>
            </>
          )}
        </p>
      ) : null}
      <QuotaSummary state={quota.state} onRetry={quota.reload} />

      <div className="row-actions row-actions--wrap">
        <Button
          variant="primary"
          loading={oauth.waiting === 'connect'}
          disabled={oauth.waiting === 'reauth'}
          onClick={() => void oauth.connect(selection.clientSecretId)}
        >
          Hubungkan Akun
        </Button>
        <Button
          loading={oauth.waiting === 'reauth'}
          disabled={!selectedAccount || oauth.waiting === 'connect'}
          onClick={() =>
            void oauth.connect(selection.clientSecretId, selection.accountId ?? undefined)
          }
        >
          Autentikasi Ulang
        </Button>
        <Button
          variant="danger"
          disabled={!selectedAccount}
          onClick={() => {
            if (selectedAccount) removal.ask(selectedAccount);
          }}
        >
          Hapus Akun
        </Button>
      </div>

      {oauth.waiting ? (
        <Spinner
          className="yt-account-panel__waiting"
          label="Menunggu proses login Google di jendela popup..."
          showLabel
        />
      ) : null}
      <LoadState
        loading={accounts.status === 'loading' && accounts.accounts.length === 0}
        loadingLabel="Memuat akun YouTube..."
        showLabel={false}
        error={accounts.error}
        onRetry={accounts.reload}
      />
      {playlistState.status === 'error' && playlistState.accountId === selection.accountId ? (
        <Alert
          tone={playlistState.reauth ? 'warning' : 'danger'}
          action={
            playlistState.reauth ? (
              <Button
                size="sm"
                onClick={() =>
                  void oauth.connect(selection.clientSecretId, selection.accountId ?? undefined)
                }
              >
                Hubungkan Ulang
              </Button>
            ) : (
              <Button size="sm" variant="ghost" onClick={playlists.reload}>
                Coba lagi
              </Button>
            )
          }
        >
          {playlistState.message}
        </Alert>
      ) : null}
      <ErrorAlert error={oauth.error} onDismiss={oauth.clearError} />
      <ErrorAlert error={removal.error} onDismiss={() => removal.setError(null)} />

      <ConfirmRemoveDialog
        action={removal}
        title="Hapus Akun YouTube"
        message={TEXT.deleteAccountWarning}
        confirmLabel="Hapus"
        subject={(account) => ({ label: 'Akun', name: account.accountName })}
      />
    </Card>
  );
}
