import type { CookiePlatform } from '@scrapper/contracts/http/cookies';
import type { MemberCookies } from '@scrapper/contracts/http/me-cookies';
import { jakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import { COOKIE_PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ConfirmDialog } from '@scrapper/ui/confirm-dialog';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { ApiError } from '@/lib/api-error.ts';
import { deleteMyCookies, listMyCookies } from '../api.ts';

/** The cookies' own expiry is near: the worker warns at the same distance (3 days). */
const EXPIRY_SOON_MS = 3 * 24 * 3600_000;

const at = (iso: string) => `${jakartaDateTime(new Date(iso))} WIB`;

type Health = { label: string; tone: 'neutral' | 'warning' | 'danger' };

/** One word for the state of a platform's cookies: failed, expired, expiring, or fine. */
export function cookieHealth(row: MemberCookies, now = Date.now()): Health {
  if (row.lastFailedAt && row.lastFailedAt >= row.lastSyncedAt)
    return { label: 'Ditolak platform', tone: 'danger' };
  const expiry = row.earliestExpiry ? new Date(row.earliestExpiry).getTime() : null;
  if (expiry !== null && expiry <= now) return { label: 'Sebagian kedaluwarsa', tone: 'warning' };
  if (expiry !== null && expiry - now <= EXPIRY_SOON_MS)
    return { label: 'Segera kedaluwarsa', tone: 'warning' };
  return { label: 'Aktif', tone: 'neutral' };
}

function failureText(error: unknown): string {
  const detail = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
  return `Gagal menghapus cookie: ${detail}`;
}

/** The member's own synced cookies per platform (from the extension), with a delete button each. */
export function MyCookies() {
  const {
    data: rows,
    setData: setRows,
    status,
    reload,
  } = useResource<MemberCookies[]>(listMyCookies, []);
  const [deleting, setDeleting] = useState<CookiePlatform | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    try {
      await deleteMyCookies(deleting);
      setRows((current) => current.filter((row) => row.platform !== deleting));
      setDeleting(null);
    } catch (caught) {
      setError(failureText(caught));
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Cookie saya (dari ekstensi)">
      <LoadState
        loading={status === 'loading' && rows.length === 0}
        error={status === 'error' ? 'Gagal memuat cookie Anda.' : null}
        onRetry={reload}
      />
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      {status === 'ready' && rows.length === 0 ? (
        <p className="muted">
          Belum ada cookie yang disinkronkan dari ekstensi. Unduhan Anda memakai cookie bersama yang
          diatur admin.
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="my-cookies" aria-label="Cookie yang disinkronkan">
          {rows.map((row) => {
            const label = COOKIE_PLATFORM_LABELS[row.platform];
            const health = cookieHealth(row);
            return (
              <li key={row.platform} className="my-cookies__item">
                <div className="my-cookies__head">
                  <h3 className="my-cookies__name">{label}</h3>
                  <Badge tone={health.tone}>{health.label}</Badge>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Hapus cookie ${label} saya`}
                    onClick={() => setDeleting(row.platform)}
                  >
                    Hapus
                  </Button>
                </div>
                <dl className="my-cookies__facts">
                  <dt>Sinkron terakhir</dt>
                  <dd>{at(row.lastSyncedAt)}</dd>
                  <dt>Jumlah cookie</dt>
                  <dd>{row.count}</dd>
                  <dt>Kedaluwarsa pertama</dt>
                  <dd>{row.earliestExpiry ? at(row.earliestExpiry) : 'Tidak ada (cookie sesi)'}</dd>
                  {row.lastFailedAt ? (
                    <>
                      <dt>Gagal terakhir</dt>
                      <dd>
                        {at(row.lastFailedAt)}
                        {row.lastFailure ? (
                          <span className="my-cookies__failure">{row.lastFailure}</span>
                        ) : null}
                      </dd>
                    </>
                  ) : null}
                </dl>
                {health.tone !== 'neutral' ? (
                  <p className="my-cookies__advice">
                    Buka {label} di browser Anda dan pastikan masih masuk, lalu tekan
                    &lsquo;Sinkronkan sekarang&rsquo; di ekstensi.
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Hapus cookie saya"
        message={`Hapus cookie ${deleting ? COOKIE_PLATFORM_LABELS[deleting] : ''} Anda dari Scrapper? Unduhan Anda memakai cookie bersama admin lagi, sampai ekstensi menyinkronkan lagi (matikan platform ini di popup ekstensi bila tidak ingin).`}
        confirmLabel="Hapus"
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
