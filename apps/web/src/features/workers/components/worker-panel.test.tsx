import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ADMIN_ID, makeToken } from '@/testing/make-token.ts';
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

function answer(response: () => Response) {
  const fetchMock = vi.fn(async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/admin/workers');
    return response();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
    expect(within(first).getByText('Aktif')).toBeTruthy();

    const second = within(table).getByRole('row', { name: /dl-mesin-2/ });
    expect(second.textContent).toContain('3 menit yang lalu');
    expect(second.textContent).toContain('tidak ada');
    expect(within(second).getByText('Tidak merespons')).toBeTruthy();
    expect(
      screen.getByText(/1 worker tidak mengirim heartbeat selama lebih dari 1 menit/),
    ).toBeTruthy();
  });

  it('says so when no worker is running, without a stale warning', async () => {
    answer(() => jsonResponse(200, []));
    render(<WorkerPanel />);
    expect(await screen.findByText(/Tidak ada worker yang berjalan/)).toBeTruthy();
    expect(screen.queryByText(/tidak mengirim heartbeat/)).toBeNull();
  });

  it("says 'Gagal memuat daftar worker.' when the list cannot be loaded", async () => {
    answer(() =>
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    );
    render(<WorkerPanel />);
    expect(await screen.findByText('Gagal memuat daftar worker.')).toBeTruthy();
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
});
