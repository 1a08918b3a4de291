import { COOKIE_PLATFORMS } from '@scrapper/contracts/rules/platforms';
import type { CookieSets } from '@scrapper/contracts/http/cookies';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { LoadState } from '@/components/load-state.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { describeError } from '@/lib/api-error.ts';
import { getCookies, getCookieStatus, saveCookies } from '../api.ts';
import { addCookie, removeCookie } from '../utils/cookie-entries.ts';
import { CookiePlatformCard } from './cookie-platform-card.tsx';
import './cookies.css';

/** Spec part 1, section 4: the success message clears after 3 seconds. */
export const SAVED_MESSAGE_MS = 3000;

function saveFailure(error: unknown): string {
  return `Gagal menyimpan cookie: ${describeError(error)}`;
}

/** Admin tab 'Manajemen Cookie': cookies per platform, saved together. */
export function CookiePanel() {
  const {
    data: sets,
    setData: setSets,
    status,
    reload,
  } = useResource<CookieSets | null>(getCookies, null);
  // Health is a side note: the editor works without it, and it is read again after a save.
  const { data: health, reload: reloadHealth } = useResource(getCookieStatus, null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (savedAt === null) return undefined;
    const timer = setTimeout(() => setSavedAt(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  function change(next: CookieSets) {
    setSets(next);
    setDirty(true);
    setSavedAt(null);
  }

  async function save() {
    if (!sets || saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      setSets(await saveCookies(sets));
      reloadHealth();
      setDirty(false);
      setSavedAt(Date.now());
    } catch (error) {
      setSaveError(saveFailure(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Manajemen Cookie">
      {/* Without the stored cookies the editor is not shown: saving would erase them. */}
      <LoadState
        loading={status === 'loading'}
        error={status === 'error' ? 'Gagal memuat cookie yang tersimpan.' : null}
        onRetry={reload}
      />
      {status === 'ready' && sets ? (
        <>
          <p className="muted form-note">
            Cookie dipakai saat scraping dan mengunduh dari platform yang memerlukan login.
            Perubahan baru tersimpan setelah menekan &lsquo;Simpan Semua Cookie&rsquo;.
          </p>
          <div className="card-grid">
            {COOKIE_PLATFORMS.map((platform) => (
              <CookiePlatformCard
                key={platform}
                platform={platform}
                cookies={sets[platform]}
                health={health?.platforms.find((p) => p.platform === platform)}
                onAdd={(text) => {
                  const next = addCookie(sets, platform, text);
                  if (next) change(next);
                  return next !== null;
                }}
                onRemove={(index) => change(removeCookie(sets, platform, index))}
              />
            ))}
          </div>
          <ErrorAlert error={saveError} onDismiss={() => setSaveError(null)} />
          <div className="cookie-actions">
            <div role="status" className="cookie-actions__status">
              {savedAt !== null ? (
                <span className="cookie-actions__saved">Cookie berhasil disimpan!</span>
              ) : dirty ? (
                <span className="muted">Ada perubahan yang belum disimpan.</span>
              ) : null}
            </div>
            <Button variant="primary" loading={saving} onClick={() => void save()}>
              Simpan Semua Cookie
            </Button>
          </div>
        </>
      ) : null}
    </Card>
  );
}
