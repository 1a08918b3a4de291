import type { PublishAccount } from '@scrapper/contracts/http/publish';
import {
  CONNECT_APP_LABELS,
  CONNECT_PLATFORMS,
  PUBLISH_PLATFORM_LABELS,
} from '@scrapper/contracts/rules/publish-destinations';
import type { ConnectPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { Alert } from '@scrapper/ui/alert';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { Select } from '@scrapper/ui/select';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadState } from '@/components/load-state.tsx';
import { paths } from '@/config/paths.ts';
import type { Resource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import type { AppOption } from '../api/publish-accounts.ts';
import { removePublishAccount } from '../api/publish-accounts.ts';
import { useConnectAccount } from '../hooks/use-connect-account.ts';
import { CONNECT_LABELS, PUBLISH_TEXT } from '../utils/publish-text.ts';

export interface ConnectionsPanelProps {
  accounts: Resource<PublishAccount[]>;
  apps: Resource<AppOption[]>;
}

/** The account's line under its name: @handle, the Page an Instagram account belongs to. */
export function accountMeta(account: PublishAccount): string {
  const parts = [PUBLISH_PLATFORM_LABELS[account.platform]];
  if (account.username) parts.push(`@${account.username.replace(/^@/, '')}`);
  if (account.pageName) parts.push(`Page: ${account.pageName}`);
  return parts.join(' · ');
}

/**
 * "Akun tujuan": every destination the member can post to, "Hubungkan TikTok" and "Hubungkan
 * Meta" (an app to pick when the admin activated more than one), and removing one.
 */
export function ConnectionsPanel({ accounts, apps }: ConnectionsPanelProps) {
  const showToast = useToastStore((state) => state.show);
  const oauth = useConnectAccount(accounts.reload);
  const [picked, setPicked] = useState<Partial<Record<ConnectPlatform, string>>>({});
  const [target, setTarget] = useState<PublishAccount | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const appsFor = (platform: ConnectPlatform) =>
    apps.data.filter((app) => app.platform === platform);

  function connect(platform: ConnectPlatform) {
    const choices = appsFor(platform);
    const chosen = choices.length === 1 ? choices[0]?.id : picked[platform];
    if (choices.length === 0) {
      oauth.setError(PUBLISH_TEXT.noApp(platform));
      return;
    }
    if (!chosen) {
      oauth.setError(PUBLISH_TEXT.chooseApp);
      return;
    }
    void oauth.connect(platform, chosen);
  }

  async function remove() {
    if (!target) return;
    setRemoving(true);
    setRemoveError(null);
    try {
      await removePublishAccount(target.id);
      showToast('success', `${target.name} diputus dari Scrapper.`);
      setTarget(null);
      accounts.reload();
    } catch (error) {
      setRemoveError(errorMessage(error, PUBLISH_TEXT.removeFailed));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Card title="Akun tujuan">
      <div className="publish-connect">
        {CONNECT_PLATFORMS.map((platform) => {
          const choices = appsFor(platform);
          return (
            <div key={platform} className="publish-connect__item">
              {choices.length > 1 ? (
                <Select
                  label={`Aplikasi ${CONNECT_APP_LABELS[platform]}`}
                  placeholder="Pilih aplikasi"
                  options={choices.map((app) => ({ value: app.id, label: app.name }))}
                  value={picked[platform] ?? ''}
                  onChange={(event) =>
                    setPicked((current) => ({ ...current, [platform]: event.target.value }))
                  }
                />
              ) : null}
              <Button
                variant="primary"
                loading={oauth.waiting === platform}
                disabled={apps.status === 'loading' && apps.data.length === 0}
                onClick={() => connect(platform)}
              >
                {CONNECT_LABELS[platform]}
              </Button>
            </div>
          );
        })}
      </div>
      <p className="muted form-note">
        Meta menghubungkan Facebook Page Anda sekaligus akun Instagram profesional yang tertaut
        padanya. Channel YouTube dihubungkan di halaman{' '}
        <Link to={paths.youtube}>YouTube Upload</Link>.
      </p>
      {oauth.error ? (
        <Alert tone="danger" onDismiss={oauth.clearError}>
          {oauth.error}
        </Alert>
      ) : null}
      <LoadState
        loading={accounts.status === 'loading' && accounts.data.length === 0}
        loadingLabel="Memuat akun tujuan..."
        error={accounts.status === 'error' ? PUBLISH_TEXT.accountsFailed : null}
        onRetry={accounts.reload}
      />
      {accounts.status === 'ready' && accounts.data.length === 0 ? (
        <p className="muted">Belum ada akun tujuan. Hubungkan TikTok atau Meta untuk mulai.</p>
      ) : null}
      {accounts.data.length > 0 ? (
        <ul className="publish-accounts" aria-label="Akun tujuan terhubung">
          {accounts.data.map((account) => (
            <li key={account.id} className="publish-account">
              <div className="publish-account__body">
                <p className="publish-account__name">{account.name}</p>
                <p className="muted publish-account__meta">{accountMeta(account)}</p>
                {account.needsReconnect ? (
                  <p className="publish-account__reconnect">
                    <Badge tone="danger">Perlu dihubungkan ulang</Badge>{' '}
                    {account.reconnectReason ?? ''}
                  </p>
                ) : null}
              </div>
              {account.platform === 'youtube' ? null : (
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => {
                    setRemoveError(null);
                    setTarget(account);
                  }}
                  aria-label={`Putus ${account.name} (${PUBLISH_PLATFORM_LABELS[account.platform]})`}
                >
                  Putus
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={target !== null}
        title="Putus akun tujuan"
        message="Scrapper tidak akan bisa memposting ke akun ini sampai Anda menghubungkannya lagi. Posting yang sudah terbit tetap ada di platform."
        confirmLabel="Putus"
        loading={removing}
        onConfirm={() => void remove()}
        onCancel={() => setTarget(null)}
      >
        {target ? (
          <p className="muted">
            Akun: <strong>{target.name}</strong> ({PUBLISH_PLATFORM_LABELS[target.platform]})
          </p>
        ) : null}
        {removeError ? <Alert tone="danger">{removeError}</Alert> : null}
      </ConfirmDialog>
    </Card>
  );
}
