import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadState } from '@/components/load-state.tsx';
import { paths } from '@/config/paths.ts';
import { usePublishAccounts } from '@/hooks/use-publish-accounts.ts';
import { copyText } from '@/lib/copy-text.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { PUBLISH_TEXT } from '../utils/publish-text.ts';
import { accountMeta } from './connections-panel.tsx';
import './publish.css';

export const META_CALLBACK_PATH = '/api/publish/meta/auth/callback';
export const META_DATA_DELETION_PATH = '/api/publish/meta/data-deletion';


export function metaDashboardUrls(origin: string) {
  const base = origin.replace(/\/+$/, '');
  return [
    {
      label: 'Valid OAuth Redirect URI (Facebook Login for Business)',
      url: `${base}${META_CALLBACK_PATH}`,
    },
    {
      label: 'Data Deletion Callback URL (Settings > Basic)',
      url: `${base}${META_DATA_DELETION_PATH}`,
    },
  ];
}

function CopyUrl({ label, url }: { label: string; url: string }) {
  const showToast = useToastStore((state) => state.show);
  async function copy() {
    const done = await copyText(url);
    showToast(
      done ? 'success' : 'danger',
      done ? 'Alamat disalin.' : 'Gagal menyalin. Salin alamat secara manual.',
    );
  }
  return (
    <div className="publish-meta-url">
      <p className="publish-account__name">{label}</p>
      <div className="publish-meta-url">
        <code>{url}</code>
        <Button size="sm" onClick={() => void copy()} aria-label={`Salin ${label}`}>
          Salin
        </Button>
      </div>
    </div>
  );
}

/**
 * Admin tab "Facebook" (issue 33 item 1): the Meta app's page. Its credentials (`credentials`:
 * the admin route gives the client secret panel filtered to Meta), the two addresses to paste into Meta's dashboard, and the Pages
 * and Instagram accounts this admin connected (GET /api/publish/accounts answers the caller's own
 * destinations; members connect theirs on the Publikasikan page).
 */
export function MetaAppPanel({ credentials }: { credentials: ReactNode }) {
  const accounts = usePublishAccounts();
  const meta = accounts.data.filter(
    (account) => account.platform === 'facebook' || account.platform === 'instagram',
  );
  return (
    <div className="publish-page">
      <Card title="Alamat untuk dashboard Meta">
        <p className="muted form-note">
          Tempel kedua alamat ini di aplikasi Meta Anda (developers.facebook.com), lalu simpan App
          ID dan App secret di bawah.
        </p>
        <div className="publish-meta-urls">
          {metaDashboardUrls(window.location.origin).map((entry) => (
            <CopyUrl key={entry.url} label={entry.label} url={entry.url} />
          ))}
        </div>
      </Card>
      {credentials}
      <Card title="Page terhubung">
        <p className="muted form-note">
          Facebook Page dan akun Instagram yang Anda hubungkan sendiri. Anggota menghubungkan milik
          mereka di halaman <Link to={paths.publish}>Publikasikan</Link>.
        </p>
        <LoadState
          loading={accounts.status === 'loading' && accounts.data.length === 0}
          loadingLabel="Memuat Page..."
          error={accounts.status === 'error' ? PUBLISH_TEXT.accountsFailed : null}
          onRetry={accounts.reload}
        />
        {accounts.status === 'ready' && meta.length === 0 ? (
          <p className="muted">Belum ada Page yang terhubung.</p>
        ) : null}
        {meta.length > 0 ? (
          <ul className="publish-accounts" aria-label="Page terhubung">
            {meta.map((account) => (
              <li key={account.id} className="publish-account">
                <div className="publish-account__body">
                  <p className="publish-account__name">{account.name}</p>
                  <p className="muted publish-account__meta">{accountMeta(account)}</p>
                </div>
                {account.needsReconnect ? (
                  <Badge tone="danger">Perlu dihubungkan ulang</Badge>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </div>
  );
}
