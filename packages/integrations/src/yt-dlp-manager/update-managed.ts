// One update check of the managed yt-dlp (DATA_DIR/tools/yt-dlp) against the release channel:
//   1. SHA2-256SUMS is fetched and the line of this machine's standalone build picked;
//   2. equal to the managed copy's SHA-256: nothing to do ('current');
//   3. else the build streams into a temp file in the same folder (0600, not executable), hashed
//      on the way; a short, cut or oversized download, a full disk or a checksum that does not
//      match is refused and the temp file deleted;
//   4. the verified file is made executable and must answer `--version` within a timeout (a
//      release that does not run is refused and deleted);
//   5. it is renamed over the managed copy: one atomic step, so a run starts either the old or
//      the new program, never half of one. Runs already going keep the old file open.
// The caller makes sure only one check runs at a time (the worker holds a database lock).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolCheckOutcome } from '@scrapper/contracts/http/tools';
import { managedYtDlpPath } from './locate.ts';
import { probeYtDlpVersion, readYtDlpVersion } from './program.ts';
import {
  DEFAULT_RELEASE_TIMEOUTS,
  fetchReleaseText,
  openRelease,
  ReleaseFetchError,
  type ReleaseTimeouts,
} from './release-fetch.ts';
import { parseYtDlpVersion } from './version.ts';

export interface UpdateManagedOptions {
  /** The download base (YTDLP_RELEASE_URL), without a trailing slash. */
  releaseUrl: string;
  /** DATA_DIR/tools */
  toolsDir: string;
  /** Default: this process's. */
  platform?: NodeJS.Platform;
  arch?: string;
  timeouts?: Partial<ReleaseTimeouts>;
  /** How long the new build may take to answer `--version`. Default 60 s. */
  versionTimeoutMs?: number;
  /** No release is larger (yt-dlp_linux is about 35 MB). Default 512 MiB. */
  maxBytes?: number;
  signal?: AbortSignal;
}

export interface UpdateResult {
  outcome: Exclude<ToolCheckOutcome, 'skipped'> | 'skipped';
  /** The managed copy's version before the check (null: none was installed). */
  fromVersion: string | null;
  /** The managed copy's version after the check (null: still none). */
  toVersion: string | null;
  /** The version the channel offers, when it was learned (current or updated). */
  latestVersion: string | null;
  /** The SHA-256 the channel lists for this machine's build, when it answered. */
  offeredSha256: string | null;
  /** What happened, in Indonesian, for the admin. */
  message: string;
}

/** The standalone build of the channel for this machine, or undefined when there is none. */
export function releaseAssetName(platform: NodeJS.Platform, arch: string): string | undefined {
  if (platform !== 'linux') return undefined;
  if (arch === 'x64') return 'yt-dlp_linux';
  if (arch === 'arm64') return 'yt-dlp_linux_aarch64';
  return undefined;
}

/** `<sha256>  <name>` lines (a `*` before the name marks binary mode). */
export function parseSha256Sums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^([0-9a-fA-F]{64})\s+\*?(\S.*?)\s*$/.exec(line);
    if (match?.[1] && match[2]) sums.set(match[2], match[1].toLowerCase());
  }
  return sums;
}

const SUMS_MAX_BYTES = 64 * 1024;
const TEMP_PREFIX = '.yt-dlp-';
const TEMP_SUFFIX = '.download';

class RefusedRelease extends Error {}

async function sha256Of(path: string): Promise<string | undefined> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

function short(hash: string): string {
  return `${hash.slice(0, 12)}…`;
}

/** Temp files a crashed check left behind (older than any transfer may take). */
async function removeLeftovers(toolsDir: string, olderThanMs: number): Promise<void> {
  let names: string[];
  try {
    names = await readdir(toolsDir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(TEMP_SUFFIX)) continue;
    const path = join(toolsDir, name);
    const stats = await stat(path).catch(() => undefined);
    if (stats && Date.now() - stats.mtimeMs > olderThanMs) await rm(path, { force: true });
  }
}

function diskMessage(error: unknown, toolsDir: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return `disk penuh di ${toolsDir}`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `tidak boleh menulis ke ${toolsDir} (${code})`;
  return `tidak dapat menulis ke ${toolsDir} (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/** Streams the build into `temp`, hashing it; throws ReleaseFetchError or a disk error. */
async function download(url: string, temp: string, timeouts: ReleaseTimeouts, maxBytes: number, signal: AbortSignal | undefined): Promise<{ sha256: string; bytes: number }> {
  const response = await openRelease(url, timeouts, signal);
  let handle: FileHandle | undefined;
  try {
    // `wx`: never through a file someone else created there; 0600: never executable unverified.
    handle = await open(temp, 'wx', 0o600);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of response.chunks()) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new ReleaseFetchError('too-large', `rilis lebih besar dari ${maxBytes} byte`);
      hash.update(chunk);
      await handle.write(chunk);
    }
    if (response.contentLength !== undefined && bytes !== response.contentLength) {
      throw new ReleaseFetchError('broken', `unduhan terpotong (${bytes} dari ${response.contentLength} byte)`);
    }
    // On disk before it is renamed into place: a crash then leaves the old copy or the new one.
    await handle.sync();
    return { sha256: hash.digest('hex'), bytes };
  } finally {
    response.close();
    await handle?.close().catch(() => undefined);
  }
}

export async function updateManagedYtDlp(options: UpdateManagedOptions): Promise<UpdateResult> {
  const timeouts = { ...DEFAULT_RELEASE_TIMEOUTS, ...options.timeouts };
  const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
  const managed = managedYtDlpPath(options.toolsDir);
  const fromVersion = (await readYtDlpVersion(managed).catch(() => undefined)) ?? null;
  const keeps = fromVersion === null ? 'Belum ada yt-dlp terkelola; yt-dlp lain (jika ada) tetap dipakai.' : `yt-dlp ${fromVersion} yang ada tetap dipakai.`;
  const result = (outcome: UpdateResult['outcome'], message: string, extra: Partial<UpdateResult> = {}): UpdateResult => ({
    outcome,
    fromVersion,
    toVersion: fromVersion,
    latestVersion: null,
    offeredSha256: null,
    message,
    ...extra,
  });

  const asset = releaseAssetName(options.platform ?? process.platform, options.arch ?? process.arch);
  if (asset === undefined) {
    return result('skipped', `Tidak ada build mandiri yt-dlp untuk ${options.platform ?? process.platform}/${options.arch ?? process.arch}; pembaruan otomatis dilewati.`);
  }

  let expected: string | undefined;
  try {
    const sums = parseSha256Sums(await fetchReleaseText(`${options.releaseUrl}/SHA2-256SUMS`, timeouts, SUMS_MAX_BYTES, options.signal));
    expected = sums.get(asset);
  } catch (error) {
    if (!(error instanceof ReleaseFetchError)) throw error;
    if (error.kind === 'offline') return result('offline', `Tidak dapat memeriksa pembaruan yt-dlp: ${error.message}. ${keeps}`);
    return result('failed', `Pemeriksaan pembaruan yt-dlp gagal: ${error.message}. ${keeps}`);
  }
  if (expected === undefined) {
    return result('failed', `Pemeriksaan pembaruan yt-dlp gagal: SHA2-256SUMS tidak memuat ${asset}. ${keeps}`);
  }
  if ((await sha256Of(managed)) === expected) {
    const message = fromVersion === null ? 'yt-dlp terkelola sudah rilis terbaru.' : `yt-dlp ${fromVersion} sudah versi terbaru.`;
    return result('current', message, { latestVersion: fromVersion, offeredSha256: expected });
  }

  try {
    await mkdir(options.toolsDir, { recursive: true });
  } catch (error) {
    return result('failed', `Pembaruan yt-dlp gagal: ${diskMessage(error, options.toolsDir)}. ${keeps}`, { offeredSha256: expected });
  }
  await removeLeftovers(options.toolsDir, timeouts.totalMs + 60_000);
  const temp = join(options.toolsDir, `${TEMP_PREFIX}${randomUUID()}${TEMP_SUFFIX}`);
  try {
    let got: { sha256: string; bytes: number };
    try {
      got = await download(`${options.releaseUrl}/${asset}`, temp, timeouts, maxBytes, options.signal);
    } catch (error) {
      if (error instanceof ReleaseFetchError) {
        const how = error.kind === 'offline' ? 'offline' : 'failed';
        return result(how, `Pembaruan yt-dlp gagal: ${error.message}. ${keeps}`, { offeredSha256: expected });
      }
      return result('failed', `Pembaruan yt-dlp gagal: ${diskMessage(error, options.toolsDir)}. ${keeps}`, { offeredSha256: expected });
    }
    if (got.sha256 !== expected) {
      throw new RefusedRelease(`checksum SHA-256 ${asset} tidak cocok dengan SHA2-256SUMS (diharapkan ${short(expected)}, didapat ${short(got.sha256)})`);
    }
    await chmod(temp, 0o755);
    const probe = await probeYtDlpVersion(temp, { timeoutMs: options.versionTimeoutMs ?? 60_000, signal: options.signal });
    if (!probe.ok) throw new RefusedRelease(`rilis baru tidak dapat dijalankan (${probe.reason})`);
    const offered = parseYtDlpVersion(probe.printed);
    if (!offered) throw new RefusedRelease(`rilis baru tidak menyebut versi yt-dlp (mencetak "${probe.printed.slice(0, 80)}")`);
    await rename(temp, managed);
    const message = fromVersion === null ? `yt-dlp ${offered.text} terpasang sebagai salinan terkelola.` : `yt-dlp diperbarui dari ${fromVersion} ke ${offered.text}.`;
    return result('updated', message, { toVersion: offered.text, latestVersion: offered.text, offeredSha256: expected });
  } catch (error) {
    if (error instanceof RefusedRelease) return result('failed', `Pembaruan yt-dlp ditolak: ${error.message}. ${keeps}`, { offeredSha256: expected });
    return result('failed', `Pembaruan yt-dlp gagal: ${diskMessage(error, options.toolsDir)}. ${keeps}`, { offeredSha256: expected });
  } finally {
    // Whatever ended the check, nothing half-written or unverified stays behind (after a rename
    // the temp name no longer exists).
    await rm(temp, { force: true }).catch(() => undefined);
  }
}
