// Item 7, start-up: the launcher (`npm start` hands over to apps/launcher/src/main.ts after its
// install check and web build) on a fresh DATA_DIR, from spawn to `/api/ready` answering 200;
// then a second start on the same data. The time of `npm test` is recorded from its last run
// (it is not run here: it takes minutes and runs this harness's smoke test itself).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '@scrapper/db/embedded';
import { load, round, startNode, stopChild, waitForHttp } from '../lib/proc.ts';
import type { Row } from '../lib/report.ts';

export const STARTUP_ROWS: Array<[string, string]> = [
  ['startup.fresh', 'start-up: launcher, fresh DATA_DIR -> /api/ready 200'],
  ['startup.again', 'start-up: launcher, second start on the same data -> /api/ready 200'],
];

async function timeStart(dataDir: string): Promise<number> {
  const port = await findFreePort();
  const started = performance.now();
  const launcher = startNode('apps/launcher/src/main.ts', {
    env: { DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'startup-bench-password', LOG_LEVEL: 'warn' },
    quiet: true,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/ready`, { child: launcher, timeoutMs: 120_000, intervalMs: 25 });
    return (performance.now() - started) / 1000;
  } finally {
    await stopChild(launcher, 60_000);
  }
}

export async function runStartup(log: (m: string) => void): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-startup-'));
  try {
    const fresh = await timeStart(dir);
    const freshLoad = load();
    const again = await timeStart(dir);
    log(`  start-up: fresh ${fresh.toFixed(2)} s, again ${again.toFixed(2)} s`);
    return [
      { id: 'startup.fresh', benchmark: STARTUP_ROWS[0]?.[1] ?? '', figure: `${round(fresh)} s`, baseline: '-', ratio: null, target: '< 10 s', pass: fresh < 10, load: freshLoad },
      { id: 'startup.again', benchmark: STARTUP_ROWS[1]?.[1] ?? '', figure: `${round(again)} s`, baseline: '-', ratio: null, target: '< 10 s', pass: again < 10, load: load() },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
