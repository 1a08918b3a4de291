// The one way this package runs a program (yt-dlp, ffmpeg, ffprobe, the effects renderer):
// an argument array and never a shell, a cancel that escalates from SIGTERM to SIGKILL,
// stderr kept to its tail, stdout read as lines or collected up to a limit.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface ProgramSpec {
  /** The program: a path, or a bare name looked up on PATH. */
  binary: string;
  args: readonly string[];
  cwd?: string;
  /** The whole environment of the child (nothing is inherited when given). */
  env?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * After a cancel: SIGTERM, then SIGKILL this much later; 0 kills at once (for output that is
   * thrown away anyway).
   */
  killGraceMs: number;
  /**
   * Run in a process group of its own, and signal the whole group: a cancel then also reaches
   * what the program started (yt-dlp's ffmpeg), and what it leaves running when it exits goes.
   */
  group?: boolean;
  /** Each stdout line as it comes. */
  onStdoutLine?: (line: string) => void;
  /** Collect stdout (for a JSON answer), up to this many characters; the rest is dropped. */
  collectStdoutChars?: number;
  /** Characters of stderr kept (its tail). */
  stderrKeepChars: number;
}

export interface ProgramOutcome {
  exitCode: number | null;
  /** Set when a signal ended it: a cancel, or something outside (the OOM killer, an operator). */
  signalCode: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The spec's signal fired while it ran. */
  aborted: boolean;
}

/** The program could not be started: missing (`code` ENOENT), not executable, a bad argument. */
export class ProgramStartError extends Error {
  override readonly name = 'ProgramStartError';
  readonly code: string | undefined;
  /** spawn refused an argument at once (a NUL byte): the input's fault, not the machine's. */
  readonly badArgument: boolean;
  constructor(message: string, cause: unknown, badArgument = false) {
    super(message, { cause });
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
    this.badArgument = badArgument;
  }
}

/** Runs a program to its end; rejects only with ProgramStartError. */
export function runProgram(spec: ProgramSpec): Promise<ProgramOutcome> {
  return new Promise((resolvePromise, rejectPromise) => {
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(spec.binary, spec.args, {
        ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
        ...(spec.env === undefined ? {} : { env: spec.env }),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: spec.group === true,
      });
    } catch (error) {
      // spawn throws at once for an argument it cannot pass (a NUL byte).
      rejectPromise(new ProgramStartError((error as Error).message, error, true));
      return;
    }
    let stdout = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    let closed = false;
    let aborted = false;
    const kill = (signalName: NodeJS.Signals) => {
      if (closed) return;
      if (spec.group && child.pid !== undefined) {
        try {
          process.kill(-child.pid, signalName);
        } catch {
          // The group is already gone.
        }
      } else child.kill(signalName);
    };
    const onAbort = () => {
      aborted = true;
      if (spec.killGraceMs <= 0) return kill('SIGKILL');
      kill('SIGTERM');
      killTimer = setTimeout(() => kill('SIGKILL'), spec.killGraceMs);
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-spec.stderrKeepChars);
    });
    const collect = spec.collectStdoutChars;
    if (spec.onStdoutLine) createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', spec.onStdoutLine);
    else if (collect !== undefined) {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (stdout.length < collect) stdout += chunk.slice(0, collect - stdout.length);
      });
    } else child.stdout.resume();
    child.once('error', (error) => {
      spec.signal?.removeEventListener('abort', onAbort);
      rejectPromise(new ProgramStartError(error.message, error));
    });
    // What a grouped program left running when it ended (an ffmpeg of a crashed merge) has no purpose left.
    if (spec.group) child.once('exit', () => kill('SIGKILL'));
    child.once('close', (exitCode, signalCode) => {
      closed = true;
      spec.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      resolvePromise({ exitCode, signalCode, stdout, stderr, aborted });
    });
    if (spec.signal?.aborted) onAbort();
  });
}
