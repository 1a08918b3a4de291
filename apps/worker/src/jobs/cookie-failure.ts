// A download refused for cookie reasons (a login wall, a bot check): whose cookies were they?
// The member's own synced ones (browser extension, issue 17) are marked failed and the member
// is told to sync again; otherwise the admins' shared pool was used and the admins hear it.
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import type { Db } from '@scrapper/db/client';
import { markMemberCookiesFailed } from '@scrapper/db/queries/member-cookies';
import { notifyUser } from '@scrapper/db/queries/notifications';

export const RESYNC_ADVICE = 'buka platform di browser Anda lalu sinkronkan ulang';

/** Once a day per member and platform, like the admins' notice. */
export async function noteCookieFailure(
  db: Db,
  row: { ownerId: string; platform: string },
  reason: string,
  notifyAdmins: (db: Db, platform: string) => Promise<void>,
): Promise<void> {
  if (!(await markMemberCookiesFailed(db, row.ownerId, row.platform, reason))) {
    await notifyAdmins(db, row.platform);
    return;
  }
  await notifyUser(db, row.ownerId, {
    kind: 'member-cookies.expired',
    message: `Cookie ${row.platform} Anda tampaknya kedaluwarsa: ${RESYNC_ADVICE}.`,
    dedupeKey: `member-cookies:${row.platform}:${jakartaDate(new Date())}`,
    link: null,
  });
}
