// What the admins hear about the worker's tools, once a day per machine (or per platform) at
// most: the dedupe key carries the date in Jakarta, so a batch of failing downloads or a worker
// restarting all day does not fill their notifications.
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import type { Db } from '@scrapper/db/client';
import { notifyAdmins } from '@scrapper/db/queries/notifications';

const TOOLS_TAB = 'Lihat tab Alat & Layanan.';

/** The update check of a machine's managed yt-dlp failed (`message` says why, in Indonesian). */
export async function notifyYtDlpUpdateFailed(db: Db, hostname: string, message: string, now = new Date()): Promise<void> {
  await notifyAdmins(db, {
    kind: 'tools.ytdlp-update-failed',
    message: `Pembaruan yt-dlp di worker ${hostname} gagal: ${message} ${TOOLS_TAB}`,
    dedupeKey: `tools:ytdlp-update-failed:${hostname}:${jakartaDate(now)}`,
  });
}

/** The yt-dlp a machine runs is older than YTDLP_MAX_AGE_DAYS. */
export async function notifyYtDlpOld(db: Db, hostname: string, detail: string, now = new Date()): Promise<void> {
  await notifyAdmins(db, {
    kind: 'tools.ytdlp-old',
    message: `yt-dlp di worker ${hostname} sudah usang: ${detail} ${TOOLS_TAB}`,
    dedupeKey: `tools:ytdlp-old:${hostname}:${jakartaDate(now)}`,
  });
}

/** No yt-dlp at all on a machine: downloads there cannot run. */
export async function notifyYtDlpMissing(db: Db, hostname: string, detail: string, now = new Date()): Promise<void> {
  await notifyAdmins(db, {
    kind: 'tools.ytdlp-missing',
    message: `yt-dlp tidak ditemukan di worker ${hostname}: unduhan tidak dapat berjalan. ${detail} ${TOOLS_TAB}`,
    dedupeKey: `tools:ytdlp-missing:${hostname}:${jakartaDate(now)}`,
  });
}

/** A download failed with yt-dlp's "update yt-dlp" class of errors (YtDlpError kind `outdated`). */
export async function notifyYtDlpOutdated(
  db: Db,
  failure: { platform: string; hostname: string; version: string | undefined; reason: string },
  now = new Date(),
): Promise<void> {
  const version = failure.version === undefined ? 'yt-dlp' : `yt-dlp ${failure.version}`;
  await notifyAdmins(db, {
    kind: 'tools.ytdlp-outdated',
    message:
      `${version} di worker ${failure.hostname} tidak lagi bisa mengambil video ${failure.platform} ` +
      `("${failure.reason}"): yt-dlp perlu diperbarui. ${TOOLS_TAB}`,
    dedupeKey: `tools:ytdlp-outdated:${failure.platform}:${jakartaDate(now)}`,
  });
}
