import type { YouTubeAccount } from '@scrapper/contracts/http/youtube-accounts';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { accountStatusText } from '../utils/admin-connect.ts';

export interface YoutubeAccountCardProps {
  account: YouTubeAccount;
  /** The name of the client secret it was connected through, when known. */
  clientSecretName: string | null;
  onDisconnect: (account: YouTubeAccount) => void;
}

/** One connected channel: its state ('Aktif' / 'Perlu Refresh'), owner, client and dates. */
export function YoutubeAccountCard({
  account,
  clientSecretName,
  onDisconnect,
}: YoutubeAccountCardProps) {
  const status = accountStatusText(account.isValid);
  return (
    <li className="yt-admin-account">
      <div className="yt-admin-account__head">
        <h3 className="yt-admin-account__name">{account.accountName}</h3>
        <Badge tone={account.isValid ? 'info' : 'danger'}>{status.label}</Badge>
      </div>
      <p className={account.isValid ? 'yt-admin-account__ready' : 'yt-admin-account__stale'}>
        {status.detail}
      </p>
      <dl className="yt-admin-meta">
        {account.username ? (
          <div>
            <dt>Pengguna</dt>
            <dd>{account.username}</dd>
          </div>
        ) : null}
        <div>
          <dt>Channel ID</dt>
          <dd>
            <code>{account.channelId}</code>
          </dd>
        </div>
        <div>
          <dt>Client secret</dt>
          <dd>{clientSecretName ?? 'Tidak ada (perlu dihubungkan ulang)'}</dd>
        </div>
        <div>
          <dt>Terhubung</dt>
          <dd>
            <time dateTime={account.createdAt}>{formatDateTime(account.createdAt)}</time>
          </dd>
        </div>
        {account.lastValidated ? (
          <div>
            <dt>Terakhir dicek</dt>
            <dd>
              <time dateTime={account.lastValidated}>{formatDateTime(account.lastValidated)}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      <Button
        size="sm"
        variant="danger"
        aria-label={`Putuskan koneksi ${account.accountName}`}
        onClick={() => onDisconnect(account)}
      >
        Putuskan
      </Button>
    </li>
  );
}
