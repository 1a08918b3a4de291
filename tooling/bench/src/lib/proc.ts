// Child processes for the harness: the apps' own bench scripts and servers are started by
// path (never imported: the harness measures the apps as separate processes).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const NODE_FLAGS = ['--disable-warning=ExperimentalWarning'];

export function load(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export function machine() {
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    freeGiB: Number((freemem() / 1024 ** 3).toFixed(1)),
    node: process.version,
  };
}

/** Starts a TypeScript file of the repository on this Node. Output goes to our stderr. */
export function startNode(
  script: string,
  options: { args?: string[]; env?: NodeJS.ProcessEnv; extraFlags?: string[]; quiet?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, [...NODE_FLAGS, ...(options.extraFlags ?? []), join(repoRoot, script), ...(options.args ?? [])], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', options.quiet ? 'ignore' : process.stderr, 'inherit'],
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs a bench script to its end with `--json <file>` and returns what it wrote there.
 * The script's own output goes to our stderr (the harness's stdout is the table).
 */
export async function runJsonScript<T>(
  script: string,
  options: { env?: NodeJS.ProcessEnv; extraFlags?: string[]; timeoutMs?: number; args?: string[] } = {},
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-json-'));
  const file = join(dir, 'result.json');
  try {
    const child = startNode(script, { args: [...(options.args ?? []), '--json', file], env: options.env, extraFlags: options.extraFlags });
    const timeout = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c) => resolve(c));
    });
    clearTimeout(timeout);
    if (code !== 0) throw new Error(`${script} exited with ${code}`);
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a command (no shell) and resolves with its exit code and the wall time. */
export function runCommand(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; seconds: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd ?? repoRoot, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, seconds: (performance.now() - started) / 1000, output });
    });
  });
}

/** Waits until `url` answers `status` (default any 2xx). */
export async function waitForHttp(url: string, options: { timeoutMs?: number; child?: ChildProcess; intervalMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (options.child && (options.child.exitCode !== null || options.child.signalCode !== null)) {
      throw new Error(`process for ${url} exited (${options.child.exitCode ?? options.child.signalCode})`);
    }
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
}

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** CPU time (ms) used so far by each of these processes (utime + stime from /proc; 10 ms ticks). */
export function cpuMs(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // gone
    }
  }
  return used;
}
