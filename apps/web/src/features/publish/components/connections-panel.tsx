import type { PublishAccount } from '@scrapper/contracts/http/publish';
import {
  CONNECT_APP_LABELS,
  CONNECT_PLATFORMS,
  PUBLISH_PLATFORM_LABELS,
} from '@scrapper/contracts/rules/publish-destinations';
import type { ConnectPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Select } from '@scrapper/ui/select';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { ListState } from '@/components/list-state.tsx';
import { ConfirmRemoveDialog } from '@/components/confirm-remove-dialog.tsx';
import { paths } from '@/config/paths.ts';
import { useConfirmAction } from '@/hooks/use-confirm-action.ts';
import { useOAuthConnect, type OAuthConnect } from '@/hooks/use-oauth-connect.ts';
import type { Resource } from '@/hooks/use-resource.ts';
import { errorMessage } from '@/lib/api-error.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { getConnectUrl, removePublishAccount } from '../api.ts';
import type { AppOption } from '../api.ts';
import { CONNECT_LABELS, PUBLISH_TEXT } from '../utils/publish-text.ts';

export interface ConnectionsPanelProps {
  accounts: Resource<PublishAccount[]>;
  apps: Resource<AppOption[]>;
}

/** "Hubungkan TikTok" / "Hubungkan Meta": the app's consent page in the popup, then a reload. */
const CONNECT: OAuthConnect<[ConnectPlatform, string], ConnectPlatform> = {
  popupBlocked: PUBLISH_TEXT.popupBlocked,
  timeout: PUBLISH_TEXT.oauthTimeout,
  noAuthUrl: PUBLISH_TEXT.noAuthUrl,
  attempt: (platform, clientSecretId) => ({
    mode: platform,
    authUrl: () => getConnectUrl(platform, clientSecretId),
    failed: (caught) => errorMessage(caught, PUBLISH_TEXT.connectFailed),
  }),
};

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
  const oauth = useOAuthConnect(accounts.reload, CONNECT);
  const [picked, setPicked] = useState<Partial<Record<ConnectPlatform, string>>>({});
  const removal = useConfirmAction<PublishAccount>(
    async (account) => {
      await removePublishAccount(account.id);
      showToast('success', `${account.name} diputus dari Scrapper.`);
      accounts.reload();
    },
    { failure: PUBLISH_TEXT.removeFailed },
  );

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
      <ErrorAlert error={oauth.error} onDismiss={oauth.clearError} />
      <ListState
        list={accounts}
        loadingLabel="Memuat akun tujuan..."
        failed={PUBLISH_TEXT.accountsFailed}
        empty="Belum ada akun tujuan. Hubungkan TikTok atau Meta untuk mulai."
      >
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
                  onClick={() => removal.ask(account)}
                  aria-label={`Putus ${account.name} (${PUBLISH_PLATFORM_LABELS[account.platform]})`}
                >
                  Putus
                </Button>
              )}
            </li>
          ))}
        </ul>
      </ListState>
      <ConfirmRemoveDialog
        action={removal}
        title="Putus akun tujuan"
        message="Scrapper tidak akan bisa memposting ke akun ini sampai Anda menghubungkannya lagi. Posting yang sudah terbit tetap ada di platform."
        confirmLabel="Putus"
        subject={(account) => ({
          label: 'Akun',
          name: account.name,
          extra: ` (${PUBLISH_PLATFORM_LABELS[account.platform]})`,
        })}
      />
    </Card>
  );
}
