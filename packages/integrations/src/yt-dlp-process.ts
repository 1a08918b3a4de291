// Running a yt-dlp program: the one place that spawns it (argument array, no shell, an empty
// HOME as working directory, a minimal environment, a process group for cancels).
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { YtDlpError } from './yt-dlp-error.ts';

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
 * Adapters call yt-dlp.ts#runYtDlp, which picks the program and adds `--js-runtimes`; this is
 * for the version probe, which must not.
 */
export function spawnYtDlp(spec: RunSpec): Promise<RunOutcome> {
  return new Promise((resolvePromise, rejectPromise) => {
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(spec.binary, spec.args, {
        cwd: spec.home,
        env: childEnv(spec.home, spec.proxyUrl),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (error) {
      // spawn throws at once for an argument it cannot pass (a NUL byte): the input's fault.
      rejectPromise(
        new YtDlpError('permanent', `Argumen yt-dlp tidak valid: ${(error as Error).message}`, {
          cause: error,
        }),
      );
      return;
    }
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    let closed = false;
    // The group, not the child: yt-dlp may be gone while the programs it started still run.
    const killGroup = (signalName: NodeJS.Signals) => {
      if (child.pid === undefined || closed) return;
      try {
        process.kill(-child.pid, signalName);
      } catch {
        // The group is already gone.
      }
    };
    const onAbort = () => {
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), spec.killGraceMs);
    };
    spec.signal.addEventListener('abort', onAbort, { once: true });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP_CHARS);
    });
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', spec.onStdoutLine);
    child.once('error', (error) => {
      spec.signal.removeEventListener('abort', onAbort);
      // A missing program is worth a retry: the worker installs its managed yt-dlp in the
      // background at start (the first jobs of a fresh machine can come before it lands). An
      // unusable one (not executable, wrong format) is a set-up fault a retry will not mend.
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      rejectPromise(
        missing
          ? new YtDlpError(
              'transient',
              `yt-dlp belum tersedia di worker ini (pemasangan otomatis mungkin masih berjalan): ${error.message}`,
              { cause: error },
            )
          : new YtDlpError('permanent', `yt-dlp tidak dapat dijalankan: ${error.message}`, {
              cause: error,
            }),
      );
    });
    // Whatever yt-dlp left running when it ended (an ffmpeg of a crashed merge) has no purpose left.
    child.once('exit', () => killGroup('SIGKILL'));
    child.once('close', (exitCode, signalCode) => {
      closed = true;
      spec.signal.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      resolvePromise({ exitCode, signalCode, stderr });
    });
    if (spec.signal.aborted) onAbort();
  });
}
