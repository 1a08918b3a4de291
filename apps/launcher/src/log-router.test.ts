import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogRouter, LOG_FILE_NAME, readableLine } from './log-router.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'log-router-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const request = JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 26, 7, 3, 7), msg: 'request completed', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
const warning = JSON.stringify({ level: 40, time: Date.UTC(2026, 10, 26, 7, 3, 7), msg: 'shutdown grace over' });
const failure = JSON.stringify({ level: 50, time: Date.UTC(2026, 10, 26, 7, 3, 7), msg: 'request failed', req: { method: 'POST', url: '/api/keys' }, err: { message: 'boom' } });

// What a worker writes since issue 15: pino JSON, the readable text in msg.
const jobDone = JSON.stringify({ level: 30, time: Date.UTC(2026, 10, 26, 7, 3, 8), name: 'worker', queue: 'scrape.run', jobId: '1a2b3c4d-0000-4000-8000-000000000000', requestId: 'req-9', event: 'job.finished', durationMs: 2500, msg: '[job] scrape.run 1a2b3c4d selesai (2,5 dtk)' });
const jobFailed = JSON.stringify({ level: 50, time: Date.UTC(2026, 10, 26, 7, 3, 9), name: 'worker', queue: 'video.download', jobId: '00000000-0000-4000-8000-000000000000', event: 'job.failed', durationMs: 1000, err: { message: 'yt-dlp gagal' }, msg: '[job] video.download 00000000 gagal (1,0 dtk): yt-dlp gagal' });
const workerDebug = JSON.stringify({ level: 20, time: Date.UTC(2026, 10, 26, 7, 3, 9), name: 'worker', msg: 'polling' });

function capture(format: 'pretty' | 'json', dir: string, extra: { maxBytes?: number; keep?: number } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const sink = createLogRouter({ format, dir, out: (t) => out.push(t), err: (t) => err.push(t), ...extra });
  return { sink, out, err };
}

describe('the npm start console (LOG_FORMAT=pretty)', () => {
  it('keeps request lines out of the console and writes every line, as JSON, to DATA_DIR/logs', () => {
    const dir = tempDir();
    const { sink, out, err } = capture('pretty', dir);
    sink.line('api', 'stdout', request);
    sink.line('api', 'stdout', warning);
    sink.line('api', 'stdout', failure);
    sink.line('worker-1', 'stdout', '[job] scrape.run 1a2b3c4d selesai (2,5 dtk)');
    sink.line('api', 'stdout', '[api] first admin created: username "admin"');
    sink.line('worker-1', 'stderr', '[worker] guard proxy: gagal');
    sink.close();

    expect(out).toEqual(['[job] scrape.run 1a2b3c4d selesai (2,5 dtk)', '[api] first admin created: username "admin"']);
    expect(err).toEqual([
      '14.03.07 WIB PERINGATAN [api] shutdown grace over',
      '14.03.07 WIB ERROR [api] request failed — POST /api/keys — boom',
      '[worker] guard proxy: gagal',
    ]);
    expect([...out, ...err].join('\n')).not.toContain('{');

    const lines = readFileSync(join(dir, LOG_FILE_NAME), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines.slice(0, 3)).toEqual([request, warning, failure]);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(JSON.parse(lines[3] ?? '')).toMatchObject({ level: 30, name: 'worker-1', msg: '[job] scrape.run 1a2b3c4d selesai (2,5 dtk)' });
    expect(JSON.parse(lines[5] ?? '')).toMatchObject({ level: 50, name: 'worker-1' });
  });

  it("shows the worker's JSON lines readable: a finished job as its message, a failure as an error line", () => {
    const dir = tempDir();
    const { sink, out, err } = capture('pretty', dir);
    sink.line('worker-1', 'stdout', jobDone);
    sink.line('worker-1', 'stdout', jobFailed);
    sink.line('worker-1', 'stdout', workerDebug);
    sink.line('api', 'stdout', request);
    sink.close();
    expect(out).toEqual(['[job] scrape.run 1a2b3c4d selesai (2,5 dtk)']);
    expect(err).toEqual(['14.03.09 WIB ERROR [worker-1] [job] video.download 00000000 gagal (1,0 dtk): yt-dlp gagal']);
    // The file keeps the JSON as it came, request id and all.
    const lines = readFileSync(join(dir, LOG_FILE_NAME), 'utf8').trim().split('\n');
    expect(lines).toEqual([jobDone, jobFailed, workerDebug, request]);
  });

  it('rotates the file by size, keeping the newest few', () => {
    const dir = tempDir();
    const { sink } = capture('pretty', dir, { maxBytes: 300, keep: 2 });
    for (let i = 0; i < 12; i++) sink.line('api', 'stdout', request);
    sink.close();
    expect(readdirSync(dir).sort()).toEqual([LOG_FILE_NAME, `${LOG_FILE_NAME}.1`, `${LOG_FILE_NAME}.2`]);
    for (const name of readdirSync(dir)) {
      const size = readFileSync(join(dir, name)).length;
      expect(size).toBeLessThanOrEqual(300);
      expect(size).toBeGreaterThan(0);
    }
  });
});

describe('LOG_FORMAT=json', () => {
  it('passes every line through unchanged and writes no file', () => {
    const dir = join(tempDir(), 'logs');
    const { sink, out, err } = capture('json', dir);
    sink.line('api', 'stdout', request);
    sink.line('api', 'stderr', failure);
    sink.line('worker-1', 'stdout', '[job] video.download 00000000 selesai (1,0 dtk)');
    sink.line('worker-1', 'stdout', jobDone);
    sink.close();
    expect(out).toEqual([request, '[job] video.download 00000000 selesai (1,0 dtk)', jobDone]);
    expect(err).toEqual([failure]);
    expect(() => readdirSync(dir)).toThrow();
  });
});

describe('readableLine', () => {
  it('says the time in WIB, the level in Indonesian, the process and the message', () => {
    expect(readableLine('worker-2', { level: 60, time: '2026-11-26T17:00:00.000Z', msg: 'mati' })).toBe('00.00.00 WIB FATAL [worker-2] mati');
  });
});
