import { YTDLP_MAX_AGE_DAYS, type ToolWarning, type WorkerTools } from '@scrapper/contracts/http/tools';
import { privateFetchWarning, type PrivateFetchSettings } from '@scrapper/contracts/rules/private-fetch';
import { ytDlpNeedsJsRuntime } from '@scrapper/contracts/rules/yt-dlp-release';

export type ToolWarningCode = 'private-network-fetch' | 'ytdlp-missing' | 'ytdlp-update-failed' | 'ytdlp-old' | 'ytdlp-no-js-runtime';

/** An open door first, then what stops downloads outright, then what makes them fail on some sites. */
const SEVERITY: Record<ToolWarningCode, number> = {
  'private-network-fetch': -1,
  'ytdlp-missing': 0,
  'ytdlp-update-failed': 1,
  'ytdlp-old': 2,
  'ytdlp-no-js-runtime': 3,
};

type Report = NonNullable<WorkerTools['tools']>;

/** Why an old yt-dlp was not replaced, from where it came. */
function whyNotReplaced(ytDlp: Report['ytDlp']): string {
  if (ytDlp.source === 'pinned') {
    return 'Versi ini dipatok operator lewat YTDLP_PATH dan tidak diganti otomatis: perbarui berkas itu atau hapus YTDLP_PATH agar aplikasi mengelolanya.';
  }
  if (ytDlp.source === 'system') {
    return 'Ini yt-dlp bawaan sistem, cadangan saat salinan yang dikelola aplikasi belum terpasang.';
  }
  if (!ytDlp.autoUpdate) return 'Pembaruan otomatis dimatikan (YTDLP_AUTO_UPDATE=false).';
  return 'Pembaruan otomatis belum berhasil menggantinya.';
}

function warningsOf(worker: WorkerTools): Array<ToolWarning & { code: ToolWarningCode }> {
  const tools = worker.tools;
  if (!tools) return [];
  const { ytDlp } = tools;
  const at = `worker ${worker.hostname}`;
  const out: Array<ToolWarning & { code: ToolWarningCode }> = [];
  const warn = (code: ToolWarningCode, message: string) => out.push({ code, message, workerId: worker.workerId });

  // The open guard is a warning (badge); a narrow FETCH_ALLOW_PRIVATE_HOSTS list is a deliberate
  // choice, said in the start lines and shown on the worker's card, not a standing alarm.
  const network = tools.network?.allowPrivateNetworkFetch && privateFetchWarning({ allowPrivateNetworkFetch: true, allowHosts: tools.network.allowHosts }, at);
  if (network) warn('private-network-fetch', network);

  const check = worker.lastCheck;
  if (check?.outcome === 'failed') {
    const kept = ytDlp.version ? ` yt-dlp ${ytDlp.version} tetap dipakai.` : '';
    warn('ytdlp-update-failed', `Pembaruan yt-dlp di ${at} gagal: ${check.message.trim()}${kept}`);
  }

  if (ytDlp.source === 'missing' || !ytDlp.version) {
    const problem = ytDlp.source === 'missing' ? 'tidak ditemukan' : `tidak dapat dijalankan (${ytDlp.path ?? 'tanpa path'})`;
    warn('ytdlp-missing', `yt-dlp ${problem} di ${at}, jadi unduhan dan pratinjau video akan gagal. Pasang yt-dlp atau atur YTDLP_PATH.`);
    return out;
  }

  const age = worker.ytDlpAgeDays;
  if (age !== null && age > YTDLP_MAX_AGE_DAYS) {
    warn(
      'ytdlp-old',
      `yt-dlp ${ytDlp.version} di ${at} sudah berumur ${age} hari (batas ${YTDLP_MAX_AGE_DAYS} hari); unduhan dari TikTok, YouTube dan Instagram bisa gagal. ${whyNotReplaced(ytDlp)}`,
    );
  }

  if (!ytDlp.jsRuntime.wired && ytDlpNeedsJsRuntime(ytDlp.releaseDate ?? ytDlp.version)) {
    warn(
      'ytdlp-no-js-runtime',
      `yt-dlp ${ytDlp.version} di ${at} membutuhkan runtime JavaScript untuk YouTube (sejak versi 2025.11.12), tetapi --js-runtimes tidak diteruskan; banyak format video YouTube tidak akan tersedia.`,
    );
  }
  return out;
}

/**
 * The admin-visible warnings about the workers' tools, in Indonesian with the reason, the most
 * severe first. Stale workers are left out (the process is probably gone; the Worker tab says
 * so), and so are workers that have not reported yet. Two workers on one machine share its
 * yt-dlp: the same warning is given once.
 */
export function toolWarnings(workers: readonly WorkerTools[], apiNetwork?: PrivateFetchSettings): ToolWarning[] {
  const seen = new Set<string>();
  const api = apiNetwork?.allowPrivateNetworkFetch && privateFetchWarning(apiNetwork, 'API');
  const own: Array<ToolWarning & { code: ToolWarningCode }> = api ? [{ code: 'private-network-fetch', message: api, workerId: null }] : [];
  const warnings = [
    ...own,
    ...workers.filter((worker) => !worker.isStale).flatMap(warningsOf),
  ]
    .filter((warning) => {
      const key = `${warning.code}\n${warning.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return warnings
    .map((warning, index) => ({ warning, index }))
    .sort((a, b) => SEVERITY[a.warning.code] - SEVERITY[b.warning.code] || a.index - b.index)
    .map(({ warning }) => warning);
}
