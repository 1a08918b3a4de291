import type { CookiePlatform, CookieSetStatus } from '@scrapper/contracts/http/cookies';
import { cookieTextKind, NOT_COOKIE_TEXT } from '@scrapper/contracts/rules/cookie-text';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Textarea } from '@scrapper/ui/textarea';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { COOKIE_PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { cookieEntryLabel } from '../utils/cookie-entries.ts';

export interface CookiePlatformCardProps {
  platform: CookiePlatform;
  cookies: string[];
  /** What the server knows of the saved cookies (absent while it loads or when it failed). */
  health?: CookieSetStatus;
  /** Returns false when nothing was added (empty text). */
  onAdd: (text: string) => boolean;
  onRemove: (index: number) => void;
}

/** One platform of the cookie tab: a textarea with 'Tambah' and the entries with 'Hapus'. */
export function CookiePlatformCard({
  platform,
  cookies,
  health,
  onAdd,
  onRemove,
}: CookiePlatformCardProps) {
  const label = COOKIE_PLATFORM_LABELS[platform];
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add() {
    // The server refuses the same text (400) on save; saying it here names the field at once.
    if (text.trim() && cookieTextKind(text) === null) {
      setError(`Teks ini ${NOT_COOKIE_TEXT}`);
      return;
    }
    if (onAdd(text)) {
      setText('');
      setError(null);
    } else {
      setError('Cookie kosong tidak ditambahkan.');
    }
  }

  return (
    <Card title={label} headingLevel={3} className="card-grid__card">
      {health ? <CookieHealth health={health} /> : null}
      <Textarea
        label={`Cookie ${label}`}
        rows={3}
        spellCheck={false}
        autoCapitalize="none"
        autoComplete="off"
        hint="Isi file cookies.txt (format Netscape) atau baris header Cookie."
        value={text}
        error={error ?? undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <Button size="sm" aria-label={`Tambah cookie ${label}`} onClick={add}>
        Tambah
      </Button>
      {cookies.length === 0 ? (
        <p className="muted cookie-card__empty">Belum ada cookie.</p>
      ) : (
        <ul className="cookie-list" aria-label={`Cookie ${label} tersimpan`}>
          {cookies.map((cookie, index) => (
            // Position is the identity here: the same text may be added twice.
            <li key={index} className="cookie-list__item">
              <span className="cookie-list__text">{cookieEntryLabel(index, cookie)}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Hapus cookie ${index + 1} ${label}`}
                onClick={() => onRemove(index)}
              >
                Hapus
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The saved list's health: when it was saved, when its first cookie expires, and the last time
 * a platform refused it (until the list is changed).
 */
function CookieHealth({ health }: { health: CookieSetStatus }) {
  if (!health.savedAt) return null;
  const expired = health.earliestExpiry !== null && Date.parse(health.earliestExpiry) <= Date.now();
  return (
    <div className="cookie-health">
      <p className="muted cookie-health__line">
        Disimpan <time dateTime={health.savedAt}>{formatDateTime(health.savedAt)}</time>
        {health.earliestExpiry ? (
          <>
            {expired ? ' · sudah kedaluwarsa sejak ' : ' · kedaluwarsa pertama '}
            <time dateTime={health.earliestExpiry}>{formatDateTime(health.earliestExpiry)}</time>
          </>
        ) : null}
      </p>
      {health.lastFailedAt ? (
        <p className="cookie-health__failure">
          Ditolak platform <time dateTime={health.lastFailedAt}>{formatDateTime(health.lastFailedAt)}</time>
          {health.lastFailure ? `: ${health.lastFailure}` : '.'}
        </p>
      ) : null}
    </div>
  );
}
