// Cookie health from the cookies' own expiry times (issue 17 item 4): the maintenance sweep
// warns a member whose synced cookies are about to expire while the extension has stopped
// syncing them, and the admins when their shared cookies (a pasted cookies.txt) are about to.
// Each warning is sent once: its dedupe key names the synced (or saved) set it is about.
import { earliestNetscapeExpiry } from '@scrapper/contracts/rules/member-cookies';
import { COOKIE_PLATFORM_LABELS } from '@scrapper/contracts/rules/platforms';
import { jakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import type { Db } from '@scrapper/db/client';
import { listCookieSets } from '@scrapper/db/queries/cookie-sets';
import { listMemberCookiesExpiring } from '@scrapper/db/queries/member-cookies';
import { notifyAdmins, notifyUser } from '@scrapper/db/queries/notifications';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { EXTENSION_PAGE, RESYNC_ADVICE } from '../jobs/cookie-failure.ts';

/** Warn when the first cookie expires within this long (or has expired). */
export const EXPIRY_WARNING_MS = 3 * 24 * 3600_000;
/**
 * A member's cookies count as unattended once the extension has not synced them for this long:
 * two of its 6-hourly syncs missed. Fresher rows are not warned about, whatever their expiry
 * (sites set short-lived cookies next to the login; the next sync replaces them).
 */
export const UNSYNCED_MS = 12 * 3600_000;

function labelOf(platform: string): string {
  return (COOKIE_PLATFORM_LABELS as Record<string, string>)[platform] ?? platform;
}

function when(expiry: Date, now: number): string {
  return expiry.getTime() <= now
    ? `sudah kedaluwarsa sejak ${jakartaDateTime(expiry)} WIB`
    : `akan kedaluwarsa pada ${jakartaDateTime(expiry)} WIB`;
}

/** Sends the due warnings; returns how many were due (sent now or already before). */
export async function warnExpiringCookies(
  db: Db,
  secrets: SecretBox,
  now = Date.now(),
): Promise<number> {
  let due = 0;
  const horizon = new Date(now + EXPIRY_WARNING_MS);
  for (const row of await listMemberCookiesExpiring(db, horizon, new Date(now - UNSYNCED_MS))) {
    if (!row.earliestExpiry) continue;
    due++;
    await notifyUser(db, row.ownerId, {
      kind: 'member-cookies.expiring',
      message: `Cookie ${labelOf(row.platform)} Anda ${when(row.earliestExpiry, now)} dan belum disinkronkan lagi sejak ${jakartaDateTime(row.lastSyncedAt)} WIB: ${RESYNC_ADVICE}.`,
      // Once per synced set: a new sync is a new set, with its own expiry.
      dedupeKey: `member-cookies-expiry:${row.platform}:${row.lastSyncedAt.toISOString()}`,
      link: EXTENSION_PAGE,
    });
  }
  for (const set of await listCookieSets(db)) {
    let expiry: Date | null = null;
    try {
      const list: unknown = JSON.parse(secrets.open(set.sealedCookies));
      for (const text of Array.isArray(list) ? list : []) {
        const first = typeof text === 'string' ? earliestNetscapeExpiry(text) : null;
        if (first && (!expiry || first < expiry)) expiry = first;
      }
    } catch {
      // Unreadable (another SECRETS_KEY): the Cookie tab and downloads report that themselves.
      continue;
    }
    if (!expiry || expiry > horizon) continue;
    due++;
    await notifyAdmins(db, {
      kind: 'cookies.expiring',
      message: `Cookie bersama ${labelOf(set.platform)} ${when(expiry, now)}: perbarui di tab Cookie.`,
      // Once per saved set: saving the platform's cookies again is a new set.
      dedupeKey: `cookies-expiry:${set.platform}:${set.updatedAt.toISOString()}`,
    });
  }
  return due;
}
