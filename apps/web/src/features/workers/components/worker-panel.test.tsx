import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { WorkerPanel } from './worker-panel.tsx';

const now = Date.now();
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
const live = {
  id: '0f1e2d3c-4b5a-4968-8776-655443322110',
  hostname: 'dl-mesin-1',
  pid: 4242,
  queues: ['video.download', 'video.preview'],
  startedAt: ago(3600),
  lastSeenAt: ago(12),
  isStale: false,
};
const silent = {
  id: '99999999-8888-4777-8666-555555555555',
  hostname: 'dl-mesin-2',
  pid: 77,
  queues: [],
  startedAt: ago(7200),
  lastSeenAt: ago(185),
  isStale: true,
};

const doneRun = {
  id: '12345678-1234-4234-8234-123456789abc',
  status: 'completed',
  trigger: 'schedule',
  result: {
    staleWorkersRemoved: 1,
    expiredLoginAttemptsRemoved: 4,
    expiredPreviewsRemoved: 3,
    tempFoldersRemoved: 2,
    expiredOAuthStatesRemoved: 5,
    deletedAccountsCleared: 0,
    previewBytesFreed: 3 * 1024 * 1024,
    tempBytesFreed: 1536,
  },
  error: null,
  requestedBy: null,
  workerId: live.id,
  createdAt: '2026-03-01T02:59:58.000Z',
  startedAt: '2026-03-01T02:59:59.000Z',
  finishedAt: '2026-03-01T03:00:00.000Z',
};

/**
 * Answers the worker list with `response` and the maintenance runs with `runs` (none unless
 * given); returns the mock of the worker list's calls.
 */
function answer(
  response: () => Response,
  runs: (request: Request) => Response = () => jsonResponse(200, []),
) {
  const workerCalls = vi.fn(response);
  const fetchMock = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/admin/maintenance/runs') return runs(request);
    expect(path).toBe('/api/admin/workers');
    return workerCalls();
  });
  vi.stubGlobal('fetch', fetchMock);
  return workerCalls;
}

describe('WorkerPanel', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists each worker with host, pid, id, queues and last beat, and flags the silent one', async () => {
    answer(() => jsonResponse(200, [live, silent]));
    render(<WorkerPanel />);
    const table = await screen.findByRole('table', { name: 'Daftar worker' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Host', 'ID', 'Antrean', 'Heartbeat terakhir', 'Status']);

    const first = within(table).getByRole('row', { name: /dl-mesin-1/ });
    expect(first.textContent).toContain('PID 4242');
    expect(first.textContent).toContain('0f1e2d3c');
    expect(first.textContent).toContain('video.download, video.preview');
    expect(first.textContent).toMatch(/1[2-4] detik yang lalu/);
    within(first).getByText('Aktif');

    const second = within(table).getByRole('row', { name: /dl-mesin-2/ });
    expect(second.textContent).toContain('3 menit yang lalu');
    expect(second.textContent).toContain('tidak ada');
    within(second).getByText('Tidak merespons');
    screen.getByText(/1 worker tidak mengirim heartbeat selama lebih dari 1 menit/);
  });

  it('says so when no worker is running, without a stale warning', async () => {
    answer(() => jsonResponse(200, []));
    render(<WorkerPanel />);
    await screen.findByText(/Tidak ada worker yang berjalan/);
    expect(screen.queryByText(/tidak mengirim heartbeat/)).toBeNull();
  });

  it("says 'Gagal memuat daftar worker.' when the list cannot be loaded", async () => {
    answer(() =>
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    );
    render(<WorkerPanel />);
    await screen.findByText('Gagal memuat daftar worker.');
  });

  it('asks again on its own every 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = answer(() => jsonResponse(200, [live]));
    render(<WorkerPanel />);
    await screen.findByRole('table', { name: 'Daftar worker' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('shows the last maintenance run: when, its trigger in words, and what it removed', async () => {
    answer(
      () => jsonResponse(200, [live]),
      () => jsonResponse(200, [doneRun]),
    );
    render(<WorkerPanel />);
    const card = await screen.findByRole('region', { name: 'Pemeliharaan' });
    await within(card).findByText('Terjadwal (tiap 15 menit)');
    within(card).getByText('1 Mar 2026, 10.00 WIB');
    within(card).getByText('Selesai');
    const removed = (label: string) =>
      within(card).getByText(label).nextElementSibling?.textContent;
    expect(removed('Preview kedaluwarsa')).toBe('3 (3.0 MB)');
    expect(removed('Folder sementara job')).toBe('2 (1.5 KB)');
    expect(removed('OAuth state kedaluwarsa')).toBe('5');
    expect(removed('Catatan login lama')).toBe('4');
    expect(removed('Worker mati')).toBe('1');
  });

  it("runs a sweep on 'Jalankan Sekarang' and shows it waiting for a worker", async () => {
    const queued = {
      ...doneRun,
      status: 'queued',
      trigger: 'admin',
      result: null,
      startedAt: null,
      finishedAt: null,
    };
    answer(
      () => jsonResponse(200, [live]),
      (request) => (request.method === 'POST' ? jsonResponse(202, queued) : jsonResponse(200, [])),
    );
    render(<WorkerPanel />);
    const card = await screen.findByRole('region', { name: 'Pemeliharaan' });
    await within(card).findByText('Belum ada pemeliharaan yang tercatat.');
    within(card).getByRole('button', { name: 'Jalankan Sekarang' }).click();
    await within(card).findByText('Dijalankan admin');
    within(card).getByText('Menunggu worker');
    expect(
      (within(card).getByRole('button', { name: 'Jalankan Sekarang' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
