// The repository these tests read, and the pnpm its install used.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const dockerDir = fileURLToPath(new URL('../../', import.meta.url));

export function readRepoFile(path: string): string {
  return readFileSync(new URL(path, `file://${repoRoot}`), 'utf8');
}

/** `pnpm@10.34.9` from the root package.json's packageManager. */
export function pnpmSpec(): string {
  const manifest = JSON.parse(readRepoFile('package.json')) as { packageManager?: string };
  const spec = manifest.packageManager?.split('+')[0];
  if (!spec?.startsWith('pnpm@')) throw new Error('package.json names no pnpm in packageManager');
  return spec;
}

let pnpmCli: string | undefined;

/**
 * The same pnpm the README's commands run (npx, from npm's cache when offline), as `node
 * <pnpm.cjs>`: npx once to find it, not for every call (npx takes seconds to start).
 */
export function pnpmCommand(): string[] {
  pnpmCli ??= realpathSync(
    execFileSync('npx', ['--yes', '-p', pnpmSpec(), '-c', 'command -v pnpm'], { cwd: repoRoot, encoding: 'utf8' }).trim(),
  );
  return [process.execPath, pnpmCli];
}

/** The store the repository's own install filled (`pnpm store path`), to install from offline. */
export function pnpmStoreDir(): string {
  const [command = 'node', ...args] = pnpmCommand();
  return execFileSync(command, [...args, 'store', 'path'], { cwd: repoRoot, encoding: 'utf8' }).trim();
}

/** Runs a program to its end without blocking the event loop (vitest's worker must keep talking). */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolvePromise({ status, stdout, stderr });
    });
  });
}
