// The one error type of every yt-dlp run (download, probe, audio look-up, version probe), and
// how a failed run's stderr becomes one.
import { GUARD_REFUSAL } from '../guard-proxy.ts';

/**
 * `outdated`: yt-dlp's extractor is broken for the site as it is today (yt-dlp says "please report
 * this issue ... yt-dlp -U", could not extract, or lost formats for want of a JS runtime): not the
 * input's fault and not worth a retry; a newer yt-dlp is what helps.
 */
export type YtDlpErrorKind = 'transient' | 'permanent' | 'needs-cookies' | 'outdated' | 'cancelled';

export class YtDlpError extends Error {
  override readonly name = 'YtDlpError';
  readonly kind: YtDlpErrorKind;
  /** The platform wants (fresh) cookies: a login wall or a bot check. */
  readonly needsCookies: boolean;
  /** Exit code of yt-dlp; null when it did not run to an exit (cancelled, killed, refused URL). */
  readonly exitCode: number | null;

  constructor(
    kind: YtDlpErrorKind,
    message: string,
    options: { exitCode?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.needsCookies = kind === 'needs-cookies';
    this.exitCode = options.exitCode ?? null;
  }

  /** The downloader itself needs an update (see YtDlpErrorKind). */
  get isOutdated(): boolean {
    return this.kind === 'outdated';
  }

  /** Worth another attempt as it is (network trouble, a timeout): see retry.ts. */
  get retryable(): boolean {
    return this.kind === 'transient';
  }
}

// Phrases of yt-dlp's extractors when a platform wants a login or a bot check: YouTube's "Sign in
// to confirm you're not a bot", Instagram's "rate-limit reached or login required", Douyin's
// "Fresh cookies ... are needed", and the "Use --cookies" hint many extractors append.
const NEEDS_COOKIES: readonly RegExp[] = [
  /--cookies/i,
  /\bcookies?\b[^.]*\b(needed|required|expired|invalid)\b/i,
  /\blog(?:ged)?[ -]?in\b|\bsign[ -]?in\b/i,
  /not a (?:ro)?bot|bot[ -]check|captcha|confirm you.?re not/i,
  /registered users|members[ -]only|confirm your age/i,
  /HTTP Error 401/i,
  // The platform refused the page itself (not a media URL): a login or bot wall.
  /Unable to download (?:webpage|JSON metadata|API JSON|API page)[^:]*: HTTP Error 403/i,
];

const TRANSIENT: readonly RegExp[] = [
  /HTTP Error (?:5\d\d|408|429)\b/i,
  /timed? ?out/i,
  /connection (?:reset|refused|aborted)|remote end closed|broken pipe|incomplete ?read|EOF occurred/i,
  /temporary failure in name resolution|network is unreachable|no route to host|EAI_AGAIN/i,
  /try again later|giving up after \d+ (?:fragment )?retries/i,
  // After --fragment-retries: a CDN hiccup far more often than a fragment that is truly gone.
  /fragment \d+ not found, unable to continue/i,
  // A media URL (signed, short-lived) refused after a good extraction: a fresh try re-extracts it.
  /unable to download video data: HTTP Error 403/i,
];

// yt-dlp's own words when its extractor no longer fits the site (the site changed, a newer
// yt-dlp follows it): the bug-report tail it appends to unexpected extractor errors ("please
// report this issue ... Confirm you are on the latest version using yt-dlp -U"; network errors
// never carry it), "Unable to extract <field>", a lost signature or n-challenge, and its own "too
// old" notices. Matched on the whole last ERROR line. "Unsupported URL" is none of these: it is
// the input's fault whatever the version.
const OUTDATED: readonly RegExp[] = [
  /please report this issue on\b/i,
  /latest version using\s+yt-dlp\s+-U\b/i,
  /\bUnable to extract\b/i,
  /\b(?:nsig|signature|sig|n challenge)\b[^.]*\b(?:extraction|solving|decryption) failed\b/i,
  /\b(?:this )?(?:version of )?yt-dlp\b[^.]*\b(?:is )?(?:too old|outdated|no longer supported)\b/i,
  /\bupdate (?:to (?:the )?(?:latest|newest) (?:version of )?)?yt-dlp\b/i,
];
// "Requested format is not available" is the input's fault (an admin's preview format), unless
// yt-dlp said on the way that formats went missing for want of a JS runtime or a solved
// challenge (YouTube since 2025.11): then only a newer yt-dlp with a runtime helps.
const FORMAT_MISSING = /Requested format is not available/i;
// The site answered with an HTTP error or could not be reached: older yt-dlp appends the
// bug-report tail to these too, but they are the site's answer, classified by the rules above.
const SITE_ANSWER = /HTTP Error \d{3}|<HTTPError|urlopen error|\[Errno -?\d+\]|Unable to download (?:webpage|JSON metadata|API JSON|API page|video data)/i;
const FORMATS_LOST = /JavaScript runtime|JS runtime|--js-runtimes|challenge solv|(?:nsig|signature) extraction failed|formats (?:may be|are) missing/i;

function stderrLines(stderr: string): string[] {
  return stderr.split(/\r?\n|\r/).map((line) => line.trim());
}

/** yt-dlp's last `ERROR:` line as printed, else its last line that is not a warning. */
function lastErrorLine(stderr: string): string | undefined {
  const lines = stderrLines(stderr);
  const errors = lines.filter((line) => line.startsWith('ERROR:'));
  return errors.at(-1) ?? lines.filter((line) => line !== '' && !line.startsWith('WARNING:')).at(-1);
}

/** True when the failure is yt-dlp's extractor being out of date (see OUTDATED). */
export function isOutdatedFailure(stderr: string): boolean {
  const last = lastErrorLine(stderr);
  if (last === undefined) return false;
  if (/\bUnsupported URL\b/i.test(last) || SITE_ANSWER.test(last)) return false;
  if (OUTDATED.some((pattern) => pattern.test(last))) return true;
  return FORMAT_MISSING.test(last) && stderrLines(stderr).some((line) => line.startsWith('WARNING:') && FORMATS_LOST.test(line));
}

/** The reason of yt-dlp's last `ERROR:` line, without the extractor prefix and bug-report tail. */
export function ytDlpReason(stderr: string): string | undefined {
  const last = lastErrorLine(stderr);
  if (!last) return undefined;
  const reason = last
    .replace(/^ERROR:\s*/, '')
    .replace(/^\[[\w:.-]+\]\s+(?:[^:\s]+:\s+)?/, '')
    .replace(/;\s*please report this issue.*$/i, '')
    .replace(/\s*\(caused by .*\)\s*$/i, '')
    .trim();
  return reason === '' ? undefined : reason;
}

// The guard proxy's refusal as yt-dlp repeats it: `HTTP Error 403: Blocked by URL guard: <host>
// (<address>) is <kind>` for http, `Tunnel connection failed: 403 Blocked by ...` for https.
const GUARD_REFUSED = new RegExp(
  `${GUARD_REFUSAL}: ([^\\s()'"<>]+)(?: \\(([^\\s()'"<>]+)\\))? is ([a-z-]+)`,
);

/**
 * A URL yt-dlp was led to (a redirect, a playlist, a media URL) that the guard proxy refused, in
 * url-guard's words; undefined when the run did not end on a refusal.
 */
export function guardRefusalMessage(stderr: string): string | undefined {
  const match = GUARD_REFUSED.exec(stderr);
  if (!match) {
    if (!stderr.includes(GUARD_REFUSAL)) return undefined;
    return 'yt-dlp diarahkan ke URL yang tidak diizinkan penjaga URL.';
  }
  const [, host = '', address, kind = ''] = match;
  const where = address === undefined ? `Alamat ${host}` : `Host ${host} (${address})`;
  return (
    `yt-dlp diarahkan ke alamat yang tidak diizinkan: ${where} berada di jaringan lokal atau ` +
    `privat (${kind}); unduhan ke alamat seperti itu tidak diizinkan.`
  );
}

/** Turns a failed run into our error kinds (exit 2 is a bad option: our bug, never retried). */
export function classifyYtDlpFailure(exitCode: number, stderr: string): YtDlpError {
  const reason = ytDlpReason(stderr) ?? `yt-dlp berhenti dengan kode ${exitCode}.`;
  if (exitCode === 2)
    return new YtDlpError('permanent', `yt-dlp menolak opsinya: ${reason}`, { exitCode });
  // Before the 403 patterns below: a refused address is neither a login wall nor worth a retry.
  const refused = guardRefusalMessage(stderr);
  if (refused !== undefined) return new YtDlpError('permanent', refused, { exitCode });
  if (NEEDS_COOKIES.some((pattern) => pattern.test(reason))) {
    return new YtDlpError('needs-cookies', reason, { exitCode });
  }
  if (TRANSIENT.some((pattern) => pattern.test(reason)))
    return new YtDlpError('transient', reason, { exitCode });
  if (isOutdatedFailure(stderr)) return new YtDlpError('outdated', reason, { exitCode });
  return new YtDlpError('permanent', reason, { exitCode });
}
