// A download or preview refused for cookie reasons (a login wall, a bot check): whose cookies
// were they? The member's own synced ones (browser extension, issue 17) are marked failed and
// the member is told to sync again; otherwise the admins' shared pool (or nothing) was used and
// the admins hear it. The member's sentence says which it was and what to do.
import { COOKIE_PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import type { Db } from '@scrapper/db/client';
import { listCookieSets, markCookieSetFailed } from '@scrapper/db/queries/cookie-sets';
import { findMemberCookies, markMemberCookiesFailed } from '@scrapper/db/queries/member-cookies';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { NEEDS_COOKIES_MESSAGE } from './download-failure.ts';

export const RESYNC_ADVICE = 'buka platform di browser Anda lalu sinkronkan ulang';
/** The member page with the extension, its install steps and the member's own cookies. */
export const EXTENSION_PAGE = '/extension';

/** What the Cookie tab says of shared cookies a platform refused. */
export const POOL_FAILURE =
  'Platform meminta login atau verifikasi bot saat cookie ini dipakai: ganti dengan cookie yang masih masuk.';

/** Which cookies the job had: the member's own, the admins' shared pool, or none at all. */
export type CookieSource = 'own' | 'pool' | 'none';

function labelOf(platform: string): string | undefined {
  return (COOKIE_PLATFORM_LABELS as Record<string, string>)[platform];
}

/** The member's sentence for a login wall or bot check, per whose cookies were refused. */
export function needsCookiesMessage(source: CookieSource, platform: string): string {
  const label = labelOf(platform);
  // Platforms the extension does not sync: only the admins can add cookies.
  if (!label) return NEEDS_COOKIES_MESSAGE;
  const wall = 'Platform meminta login atau verifikasi bot';
  switch (source) {
    case 'own':
      return `${wall}: cookie ${label} Anda dari ekstensi Scrapper tidak lagi diterima. Buka ${label} di browser Anda dan pastikan masih masuk, tekan "Sinkronkan sekarang" di ekstensi, lalu unduh ulang.`;
    case 'pool':
      return `${wall}: cookie bersama ${label} perlu diperbarui oleh admin (admin sudah diberi tahu). Anda juga bisa memakai cookie sendiri: pasang ekstensi Scrapper dari halaman Ekstensi lalu sinkronkan ${label}.`;
    case 'none':
      return `${wall}, dan belum ada cookie ${label}. Pasang ekstensi Scrapper dari halaman Ekstensi lalu sinkronkan ${label}, atau minta admin menambahkan cookie di tab Cookie.`;
  }
}

/**
 * Whose cookies the job used: nextCookies takes the member's own first, then the pool. Read
 * again at the failure (a sync in between is a few milliseconds' window, and only the
 * sentence would differ).
 */
async function cookieSourceOf(
  db: Db,
  ownerId: string | undefined,
  platform: string,
): Promise<CookieSource> {
  if (ownerId && (await findMemberCookies(db, ownerId, platform))) return 'own';
  return (await listCookieSets(db)).some((set) => set.platform === platform) ? 'pool' : 'none';
}

/**
 * Notes a cookie refusal and returns the member's sentence for it. The member's own cookies are
 * marked failed (last_failed_at, last_failure) and the member is notified once a day per
 * platform; otherwise the admins are (`notifyAdmins`, once a day, as before).
 */
export async function noteCookieFailure(
  db: Db,
  row: { ownerId?: string; platform: string },
  notifyAdmins: (db: Db, platform: string) => Promise<void>,
): Promise<string> {
  const source = await cookieSourceOf(db, row.ownerId, row.platform);
  const message = needsCookiesMessage(source, row.platform);
  if (source !== 'own' || !row.ownerId) {
    // The Cookie tab shows it beside the platform's shared cookies until they are changed.
    if (source === 'pool') await markCookieSetFailed(db, row.platform, POOL_FAILURE);
    await notifyAdmins(db, row.platform);
    return message;
  }
  await markMemberCookiesFailed(db, row.ownerId, row.platform, message);
  await notifyUser(db, row.ownerId, {
    kind: 'member-cookies.expired',
    message: `Cookie ${labelOf(row.platform) ?? row.platform} Anda tampaknya kedaluwarsa: ${RESYNC_ADVICE}.`,
    dedupeKey: `member-cookies:${row.platform}:${jakartaDate(new Date())}`,
    link: EXTENSION_PAGE,
  });
  return message;
}
