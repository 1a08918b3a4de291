// Which yt-dlp a run uses and what version it is. The version is learned once per program file
// (`--version`), cached by its path and identity (device, inode, size, mtime), so a copy swapped
// in by an update (a rename: a new inode) is read again without a restart.
import { constants } from 'node:fs';
import { access, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { spawnYtDlp } from '../yt-dlp/process.ts';
import { jsRuntimeArgs, jsRuntimeFor, type JsRuntimeChoice } from './version.ts';

/** A program yt-dlp runs: a path (or a bare name on PATH), or a function that picks one per run. */
export type YtDlpBinary = string | (() => string | Promise<string>);

export async function pickBinary(binary: YtDlpBinary): Promise<string> {
  return typeof binary === 'string' ? binary : binary();
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    const stats = await stat(path);
    if (!stats.isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the system would find `name` (a bare command) on PATH, as an absolute path; a name with
 * a slash is resolved as it is. Undefined when there is no such executable file.
 */
export async function findProgram(name: string, searchPath: string | undefined = process.env['PATH']): Promise<string | undefined> {
  if (name.includes('/')) {
    const path = resolve(name);
    return (await isExecutableFile(path)) ? path : undefined;
  }
  for (const dir of (searchPath ?? '').split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

const VERSION_TIMEOUT_MS = 30_000;
const VERSION_MAX_CHARS = 4096;

/** What a program printed for `--ignore-config --version`, or why it did not. */
export type VersionProbe = { ok: true; printed: string } | { ok: false; reason: string; exitCode: number | null };

/**
 * Runs `<program> --ignore-config --version` in an empty HOME with a timeout: a release that
 * hangs, crashes or is not a program says so instead of stalling the caller.
 */
export async function probeYtDlpVersion(path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<VersionProbe> {
  const home = await mkdtemp(join(tmpdir(), 'scrapper-yt-dlp-version-'));
  const timeout = AbortSignal.timeout(options.timeoutMs ?? VERSION_TIMEOUT_MS);
  let printed = '';
  try {
    const outcome = await spawnYtDlp({
      binary: path,
      args: ['--ignore-config', '--version'],
      home,
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      killGraceMs: 1000,
      onStdoutLine: (line) => {
        if (printed.length < VERSION_MAX_CHARS) printed += `${line}\n`;
      },
    });
    if (timeout.aborted) return { ok: false, reason: `tidak selesai dalam ${Math.round((options.timeoutMs ?? VERSION_TIMEOUT_MS) / 1000)} detik`, exitCode: null };
    if (outcome.exitCode !== 0) {
      const said = outcome.stderr.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
      const how = outcome.exitCode === null ? `dihentikan sinyal ${outcome.signalCode ?? '?'}` : `keluar dengan kode ${outcome.exitCode}`;
      return { ok: false, reason: said === '' ? how : `${how}: ${said}`, exitCode: outcome.exitCode };
    }
    return { ok: true, printed: printed.trim() };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error), exitCode: null };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

const versions = new Map<string, Promise<string | undefined>>();

/**
 * The version a yt-dlp program prints (`2025.11.12`), learned once per program file; undefined
 * when it cannot be found or run. A failed probe is not remembered (it may have been load).
 */
export async function readYtDlpVersion(binary: string): Promise<string | undefined> {
  const path = await findProgram(binary);
  if (path === undefined) return undefined;
  let key: string;
  try {
    const stats = await stat(path);
    key = `${path}\0${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
  } catch {
    return undefined;
  }
  const cached = versions.get(key);
  if (cached) return cached;
  const probe = probeYtDlpVersion(path).then((result) => {
    if (!result.ok) {
      versions.delete(key);
      return undefined;
    }
    return result.printed.split('\n', 1)[0]?.trim() || undefined;
  });
  versions.set(key, probe);
  return probe;
}

/** The Node that runs this process: what yt-dlp gets as its JS runtime. */
export function currentNode(): { path: string; version: string } {
  return { path: process.execPath, version: process.version };
}

/** Whether this program gets `--js-runtimes node:<this Node>` (by its version). */
export async function jsRuntimeOf(binary: string): Promise<JsRuntimeChoice & { version: string | undefined }> {
  const version = await readYtDlpVersion(binary);
  return { ...jsRuntimeFor(version, currentNode()), version };
}

/** The arguments every run of this program starts with: `--js-runtimes node:<path>` or none. */
export async function runtimeArgsFor(binary: string): Promise<string[]> {
  return jsRuntimeArgs(await jsRuntimeOf(binary));
}
