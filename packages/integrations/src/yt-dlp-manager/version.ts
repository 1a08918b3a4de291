// yt-dlp's versions are release dates: `2025.11.12` (stable), `2025.11.12.232930` (nightly: the
// build time appended). Pure rules on them: parsing what the program printed, ordering, and the
// choice of `--js-runtimes`. The date rules themselves (release day, age, the 2025.11.12 gate)
// live once in contracts, because the API and the web read versions the same way.
import {
  YTDLP_JS_RUNTIME_SINCE,
  ytDlpAgeDays as ageDaysOfDate,
  ytDlpNeedsJsRuntime,
} from '@scrapper/contracts/rules/yt-dlp-release';

export interface YtDlpVersion {
  year: number;
  month: number;
  day: number;
  /** The nightly build's time of day (`232930`); undefined for a stable release. */
  build: number | undefined;
  /** As yt-dlp printed it (`2023.03.04`, `2025.11.12.232930`). */
  text: string;
}

const VERSION = /(?:^|[^\d.])(\d{4})\.(\d{1,2})\.(\d{1,2})(?:\.(\d+))?(?![\d.])/;

/**
 * The version in what `yt-dlp --version` printed (its first line: a channel prefix such as
 * `nightly@` or a trailing build note is allowed); undefined when it is not a yt-dlp date version.
 */
export function parseYtDlpVersion(printed: string): YtDlpVersion | undefined {
  const firstLine = printed.trim().split(/\r?\n/, 1)[0] ?? '';
  const match = VERSION.exec(firstLine);
  if (!match) return undefined;
  const [, y = '', m = '', d = '', build] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 2020 || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const text = `${y}.${m}.${d}${build === undefined ? '' : `.${build}`}`;
  return { year, month, day, build: build === undefined ? undefined : Number(build), text };
}

/** Negative when a is older than b; a stable release sorts before the nightlies of its day. */
export function compareYtDlpVersions(a: YtDlpVersion, b: YtDlpVersion): number {
  return a.year - b.year || a.month - b.month || a.day - b.day || (a.build ?? -1) - (b.build ?? -1);
}

/** `2025-11-12`: the day the version was released. */
export function releaseDateOf(version: YtDlpVersion): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${version.year}-${pad(version.month)}-${pad(version.day)}`;
}

/** Whole days from the release (UTC midnight) to `now`; never negative. */
export function ytDlpAgeDays(version: YtDlpVersion, now: Date = new Date()): number {
  return ageDaysOfDate(releaseDateOf(version), now) ?? 0;
}

/** The first yt-dlp with `--js-runtimes` (and the first whose YouTube needs a JS runtime). */
export const JS_RUNTIMES_SINCE = YTDLP_JS_RUNTIME_SINCE.replaceAll('-', '.');
/** From this release on, yt-dlp accepts Node as its JS runtime only when it is 22 or newer. */
export const NODE_22_REQUIRED_SINCE = '2026.06.09';
const MIN_NODE_MAJOR_LATER = 22;

function atLeast(version: YtDlpVersion, since: string): boolean {
  const threshold = parseYtDlpVersion(since);
  return threshold !== undefined && compareYtDlpVersions(version, threshold) >= 0;
}

export interface JsRuntimeChoice {
  /** `node:/path/to/node`, or undefined when the flag must not be passed. */
  value: string | undefined;
  /** Why not, when not (for the admin's tool status). */
  reason: string | undefined;
}

/**
 * Whether yt-dlp gets `--js-runtimes node:<node>`: only when it knows the option (2025.11.12 and
 * later: older ones stop with "no such option"), and only with a Node it accepts. An unknown
 * version (not a yt-dlp date) gets no flag: such a program may not know the option either.
 */
export function jsRuntimeFor(
  printedVersion: string | undefined,
  node: { path: string; version: string },
): JsRuntimeChoice {
  const version = printedVersion === undefined ? undefined : parseYtDlpVersion(printedVersion);
  if (!version) return { value: undefined, reason: 'Versi yt-dlp tidak diketahui.' };
  if (!ytDlpNeedsJsRuntime(releaseDateOf(version))) {
    return { value: undefined, reason: `yt-dlp ${version.text} belum mengenal --js-runtimes (sejak ${JS_RUNTIMES_SINCE}).` };
  }
  const nodeMajor = Number(/^v?(\d+)/.exec(node.version)?.[1] ?? 0);
  if (atLeast(version, NODE_22_REQUIRED_SINCE) && nodeMajor < MIN_NODE_MAJOR_LATER) {
    return { value: undefined, reason: `yt-dlp ${version.text} membutuhkan Node ${MIN_NODE_MAJOR_LATER} atau lebih baru (terpasang ${node.version}).` };
  }
  return { value: `node:${node.path}`, reason: undefined };
}

/** The arguments for jsRuntimeFor's choice: none, or `--js-runtimes node:<path>`. */
export function jsRuntimeArgs(choice: JsRuntimeChoice): string[] {
  return choice.value === undefined ? [] : ['--js-runtimes', choice.value];
}
