// Playwright's webServer command: the real product (launcher: embedded PostgreSQL, API serving
// apps/web/dist, worker) on a fresh data directory that is removed again when it stops, so
// every run starts from an empty database with only the seeded admin.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'scrapper-e2e-'));

const launcher = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', 'apps/launcher/src/main.ts'],
  { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'inherit' },
);

// Playwright signals the whole process group; passing the signal on as well covers a
// direct `kill` of this process. The launcher ignores the second one while stopping.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    launcher.kill('SIGTERM');
  });
}

launcher.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
