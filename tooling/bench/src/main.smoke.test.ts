// The harness cannot rot: its smoke mode (tiny sizes, every section, docs untouched) runs in
// `npm test`, and every row of the table must be there with a figure, not an error.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { Row } from './lib/report.ts';
import { API_ROWS } from './sections/api-overhead.ts';
import { DOWNLOAD_ROWS } from './sections/downloads.ts';
import { LATENCY_ROWS } from './sections/job-latency.ts';
import { LIVE_ROWS } from './sections/live-events.ts';
import { INGEST_ROWS } from './sections/scrape-ingest.ts';
import { STARTUP_ROWS } from './sections/startup.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const docs = fileURLToPath(new URL('../../../docs/benchmarks.md', import.meta.url));

it('pnpm bench --smoke prints every row and leaves docs/benchmarks.md alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scrapper-bench-smoke-'));
  const docsBefore = readFileSync(docs, 'utf8');
  try {
    const json = join(dir, 'rows.json');
    let output = '';
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main, '--smoke', '--json', json], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000)));
      child.once('error', reject);
      child.once('exit', resolve);
    });
    expect(code, output).toBe(0);
    const { rows } = JSON.parse(readFileSync(json, 'utf8')) as { rows: Row[] };
    const expected = [...API_ROWS, ...LATENCY_ROWS, ...LIVE_ROWS, ...DOWNLOAD_ROWS, ...INGEST_ROWS, ...STARTUP_ROWS].map(([id]) => id);
    expect(rows.map((r) => r.id).sort()).toEqual([...expected].sort());
    for (const row of rows) {
      expect(row.figure, `${row.id}: ${row.figure}\n${output}`).not.toMatch(/^error/);
      expect(row.target).not.toBe('-');
    }
    expect(output).toContain('targets missed');
    expect(readFileSync(docs, 'utf8')).toBe(docsBefore);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
