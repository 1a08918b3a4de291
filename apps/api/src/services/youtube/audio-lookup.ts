// Audio for a remix: search and look-up through yt-dlp (metadata only, nothing downloaded).
// A member runs a few at a time; what yt-dlp could not find is the input's fault (400), what
// it could not reach is not (503); neither is a 500.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { AudioResult } from '@scrapper/contracts/http/youtube-uploads';
import { getAudioInfo, searchAudio } from '@scrapper/integrations/audio-lookup';
import { assertFetchableUrl, UrlNotAllowedError } from '@scrapper/integrations/url-guard';
import { createYtDlp, YtDlpError, type YtDlp } from '@scrapper/integrations/yt-dlp';
import { ytDlpPicker } from '@scrapper/integrations/yt-dlp-manager/locate';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.ts';
import type { Env } from '../../env.ts';
import type { ConcurrencyGate } from './concurrency-gate.ts';

export const SEARCH_LIMIT = 10;

export interface LookupDeps {
  gate: ConcurrencyGate;
  env: Pick<Env, 'ytdlp' | 'fetchPolicy' | 'audioSearchUrlTemplate' | 'ytDlpProxyUrl'>;
}

/**
 * The yt-dlp look-ups run: the program chosen at each run (YTDLP_PATH, else the worker's managed
 * copy in the same DATA_DIR/tools, read only: the API never updates it, else `yt-dlp` on PATH),
 * behind the URL guard.
 */
function ytDlpOf(deps: LookupDeps): YtDlp {
  return createYtDlp({
    binary: ytDlpPicker({ pinnedPath: deps.env.ytdlp.pinnedPath, toolsDir: deps.env.ytdlp.toolsDir }),
    allowPrivateNetwork: deps.env.fetchPolicy.allowPrivateNetwork,
    allowHosts: deps.env.fetchPolicy.allowHosts,
    proxyUrl: deps.env.ytDlpProxyUrl,
  });
}

/** One Indonesian sentence per kind of yt-dlp failure; yt-dlp's own words go under "Detail". */
const YTDLP_SENTENCES: Record<YtDlpError['kind'], string> = {
  permanent: 'Audio tidak ditemukan di alamat itu (tautan salah, sudah dihapus, atau privat). Periksa tautannya.',
  'needs-cookies': 'Platform meminta login atau verifikasi bot untuk alamat itu. Coba tautan lain.',
  outdated: 'yt-dlp perlu diperbarui; minta admin memperbaruinya di tab Tools.',
  transient: 'Alamat itu tidak dapat dijangkau saat ini. Coba lagi sebentar lagi.',
  cancelled: 'Permintaan dihentikan sebelum selesai. Coba lagi.',
};

function lookupFailure(error: unknown, what: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof UrlNotAllowedError) return badRequest(error.message);
  if (error instanceof YtDlpError) {
    // Never yt-dlp's raw words ("ERROR: ... HTTP Error 404") as the message (issue 31 item 6).
    const status = error.kind === 'transient' || error.kind === 'cancelled' || error.kind === 'outdated' ? 503 : 400;
    // The screen puts its own "Gagal mendapatkan info audio remix:" before it.
    return new AppError(status, YTDLP_SENTENCES[error.kind], {}, undefined, error.message);
  }
  return new AppError(503, `${what} gagal: yt-dlp tidak dapat dijalankan saat ini.`);
}

async function throttled<T>(deps: LookupDeps, user: SessionUser, what: string, run: () => Promise<T>): Promise<T> {
  const release = deps.gate.tryEnter(user.id);
  if (!release) throw tooManyRequests('Tunggu pencarian audio sebelumnya selesai.', 5);
  try {
    return await run();
  } catch (error) {
    throw lookupFailure(error, what);
  } finally {
    release();
  }
}

export function searchAudioTracks(deps: LookupDeps, user: SessionUser, query: string, signal: AbortSignal): Promise<AudioResult[]> {
  return throttled(deps, user, 'Pencarian audio', () =>
    searchAudio(ytDlpOf(deps), {
      query,
      limit: SEARCH_LIMIT,
      signal,
      ...(deps.env.audioSearchUrlTemplate ? { searchUrlTemplate: deps.env.audioSearchUrlTemplate } : {}),
    }),
  );
}

export function lookUpAudioInfo(deps: LookupDeps, user: SessionUser, url: string, signal: AbortSignal): Promise<AudioResult> {
  return throttled(deps, user, 'Info audio', async () => {
    // The guard's own refusal, in its words, before yt-dlp runs (yt-dlp's proxy refuses the same
    // address, but its failure would read as "not found"). A name that does not resolve here is
    // left to yt-dlp, which says so in its own way.
    await assertFetchableUrl(url, deps.env.fetchPolicy).catch((error: unknown) => {
      if (error instanceof UrlNotAllowedError) throw error;
    });
    return getAudioInfo(ytDlpOf(deps), { url, signal });
  });
}
