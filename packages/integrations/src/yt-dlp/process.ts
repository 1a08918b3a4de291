// Running a yt-dlp program: the one place that starts it (through run-program.ts: argument
// array, no shell), with an empty HOME as working directory, a minimal environment and a
// process group for cancels.
import { join } from 'node:path';
import { ProgramStartError, runProgram } from '../run-program.ts';
import { YtDlpError } from './errors.ts';

const STDERR_KEEP_CHARS = 16_000;

// The child inherits nothing but what running needs: the worker's environment holds secrets
// (DATABASE_URL, SECRETS_KEY) that a downloader has no business seeing.
const INHERITED_ENV = [
  'PATH',
  'TZ',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
];

const PROXY_ENV = ['http_proxy', 'https_proxy', 'HTTP_PROXY', 'HTTPS_PROXY'];

/**
 * With a guard proxy, every program in the run is pointed at it (ffmpeg reads `http_proxy`, for
 * https too, through CONNECT) and nothing may bypass it: `no_proxy` is not passed on (Python and
 * ffmpeg would connect straight to the hosts it names) nor an operator's own proxy.
 */
export function childEnv(home: string, proxyUrl: string | undefined): Record<string, string> {
  const env: Record<string, string> = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    TMPDIR: home,
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONIOENCODING: 'utf-8',
  };
  for (const name of INHERITED_ENV) {
    if (proxyUrl !== undefined && /proxy$/i.test(name)) continue;
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  if (proxyUrl !== undefined) for (const name of PROXY_ENV) env[name] = proxyUrl;
  return env;
}

export interface RunOutcome {
  exitCode: number | null;
  signalCode: NodeJS.Signals | null;
  stderr: string;
}

export interface RunSpec {
  /** The program: a path, or a bare name looked up on PATH. */
  binary: string;
  args: string[];
  home: string;
  /** The guard proxy, also put in the environment of yt-dlp and what it starts. */
  proxyUrl?: string;
  signal: AbortSignal;
  killGraceMs: number;
  onStdoutLine: (line: string) => void;
}

/**
 * Runs a yt-dlp program exactly as told, in its own process group so that a cancel also reaches
 * the ffmpeg it started (merging, fixups): SIGTERM to the group, SIGKILL after the grace period.
 * Adapters call runYtDlp (index.ts), which picks the program and adds `--js-runtimes`; this is
 * for the version probe, which must not.
 */
export async function spawnYtDlp(spec: RunSpec): Promise<RunOutcome> {
  try {
    const outcome = await runProgram({
      binary: spec.binary,
      args: spec.args,
      cwd: spec.home,
      env: childEnv(spec.home, spec.proxyUrl),
      signal: spec.signal,
      killGraceMs: spec.killGraceMs,
      group: true,
      onStdoutLine: spec.onStdoutLine,
      stderrKeepChars: STDERR_KEEP_CHARS,
    });
    return { exitCode: outcome.exitCode, signalCode: outcome.signalCode, stderr: outcome.stderr };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A missing program is worth a retry: the worker installs its managed yt-dlp in the
    // background at start (the first jobs of a fresh machine can come before it lands). An
    // unusable one (not executable, wrong format) or an argument spawn cannot pass (a NUL
    // byte: the input's fault) is a fault a retry will not mend.
    if (error instanceof ProgramStartError && error.code === 'ENOENT') {
      throw new YtDlpError('transient', `yt-dlp belum tersedia di worker ini (pemasangan otomatis mungkin masih berjalan): ${message}`, { cause: error });
    }
    if (error instanceof ProgramStartError && error.badArgument) {
      throw new YtDlpError('permanent', `Argumen yt-dlp tidak valid: ${message}`, { cause: error });
    }
    throw new YtDlpError('permanent', `yt-dlp tidak dapat dijalankan: ${message}`, { cause: error });
  }
}
