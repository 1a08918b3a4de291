import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { report, workerTools } from '@test/tool-reports.ts';
import { LOAD_ERROR, ToolsPanel } from './tools-panel.tsx';

function answer(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/admin/tools');
      return response();
    }),
  );
}

/** The value shown beside a label in a worker's card. */
function field(card: HTMLElement, label: string): string {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('ToolsPanel', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it("says what each worker's URL guard lets through: everything (marked), a host list, or nothing", async () => {
    const withNetwork = (hostname: string, network: { allowPrivateNetworkFetch: boolean; allowHosts: string[] }) =>
      workerTools({ hostname, workerId: crypto.randomUUID(), tools: { ...report(), network } });
    answer(() =>
      jsonResponse(200, {
        workers: [
          withNetwork('jaringan-terbuka', { allowPrivateNetworkFetch: true, allowHosts: [] }),
          withNetwork('jaringan-sempit', { allowPrivateNetworkFetch: false, allowHosts: ['127.0.0.1:9000'] }),
          withNetwork('jaringan-tertutup', { allowPrivateNetworkFetch: false, allowHosts: [] }),
        ],
        warnings: [],
      }),
    );
    render(<ToolsPanel />);
    const open = await screen.findByRole('listitem', { name: /jaringan-terbuka/ });
    expect(field(open, 'Jaringan privat')).toBe('semua diizinkan (ALLOW_PRIVATE_NETWORK_FETCH=true)');
    expect(field(screen.getByRole('listitem', { name: /jaringan-sempit/ }), 'Jaringan privat')).toBe('hanya 127.0.0.1:9000 (FETCH_ALLOW_PRIVATE_HOSTS)');
    expect(field(screen.getByRole('listitem', { name: /jaringan-tertutup/ }), 'Jaringan privat')).toBe('diblokir');
  });

  it('shows each worker: version, age, source in plain words, last check in WIB, JS runtime, ffmpeg and ffprobe', async () => {
    answer(() => jsonResponse(200, { workers: [workerTools()], warnings: [] }));
    render(<ToolsPanel />);
    const card = await screen.findByRole('listitem', { name: /dl-mesin-1/ });
    expect(field(card, 'Versi yt-dlp')).toBe('2026.11.14');
    expect(field(card, 'Umur')).toBe('8 hari');
    expect(field(card, 'Sumber')).toBe(
      'dikelola aplikasi /srv/scrapper/.data/tools/yt-dlp/yt-dlp_linux',
    );
    expect(field(card, 'Pembaruan')).toBe('kanal stable, otomatis aktif');
    expect(field(card, 'Server rilis')).toBe(
      'https://github.com/yt-dlp/yt-dlp/releases/latest/download',
    );
    const check = field(card, 'Cek pembaruan terakhir');
    expect(check).toContain('22 Nov 2026, 09.30 WIB');
    expect(check).toContain('Sudah terbaru');
    expect(check).toContain('yt-dlp 2026.11.14 sudah versi terbaru.');
    expect(field(card, 'Runtime JavaScript')).toBe('Terpasang (Node 24.11.1)');
    expect(field(card, 'ffmpeg')).toBe('5.1.9-0+deb12u1');
    expect(field(card, 'ffprobe')).toBe('5.1.9-0+deb12u1');
    within(card).getByText('Aktif');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the warnings at the top and names each source and problem in its card', async () => {
    const pinned = workerTools({
      workerId: '11111111-2222-4333-8444-555555555555',
      hostname: 'dl-mesin-2',
      tools: report({
        version: '2023.03.04',
        releaseDate: '2023-03-04',
        source: 'pinned',
        path: '/opt/yt-dlp',
        jsRuntime: { wired: false, value: null, nodeVersion: '24.11.1' },
      }),
      ytDlpAgeDays: 1359,
      lastCheck: {
        at: '2026-11-22T02:00:00.000Z',
        outcome: 'failed',
        latestVersion: null,
        message: 'Server rilis menjawab 500.',
      },
    });
    const system = workerTools({
      workerId: '22222222-3333-4444-8555-666666666666',
      hostname: 'dl-mesin-3',
      isStale: true,
      tools: report({
        version: '2026.11.14',
        source: 'system',
        path: '/usr/bin/yt-dlp',
        jsRuntime: { wired: false, value: null, nodeVersion: '24.11.1' },
      }),
      lastCheck: null,
    });
    const missing = workerTools({
      workerId: '33333333-4444-4555-8666-777777777777',
      hostname: 'dl-mesin-4',
      tools: report({ version: null, releaseDate: null, source: 'missing', path: null }),
      ytDlpAgeDays: null,
    });
    const warnings = [
      {
        code: 'ytdlp-update-failed',
        message: 'Pembaruan yt-dlp di worker dl-mesin-2 gagal: Server rilis menjawab 500.',
        workerId: pinned.workerId,
      },
      {
        code: 'ytdlp-old',
        message: 'yt-dlp 2023.03.04 di worker dl-mesin-2 sudah berumur 1359 hari (batas 90 hari).',
        workerId: pinned.workerId,
      },
    ];
    answer(() => jsonResponse(200, { workers: [pinned, system, missing], warnings }));
    render(<ToolsPanel />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('2 peringatan');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(warnings.map((w) => w.message));

    const second = screen.getByRole('listitem', { name: /dl-mesin-2/ });
    expect(field(second, 'Sumber')).toBe('dipatok operator lewat YTDLP_PATH /opt/yt-dlp');
    expect(field(second, 'Umur')).toBe('1359 hari (lebih dari 90 hari)');
    expect(field(second, 'Pembaruan')).toBe('tidak diganti otomatis (dipatok)');
    expect(field(second, 'Cek pembaruan terakhir')).toContain('Gagal');
    expect(field(second, 'Runtime JavaScript')).toBe(
      'Tidak terpasang (belum diperlukan versi ini)',
    );

    const third = screen.getByRole('listitem', { name: /dl-mesin-3/ });
    expect(field(third, 'Sumber')).toContain('bawaan sistem');
    expect(field(third, 'Cek pembaruan terakhir')).toBe('belum pernah');
    expect(field(third, 'Runtime JavaScript')).toBe(
      'Tidak terpasang, padahal versi ini membutuhkannya',
    );
    within(third).getByText('Tidak merespons');

    const fourth = screen.getByRole('listitem', { name: /dl-mesin-4/ });
    expect(field(fourth, 'Sumber')).toBe('tidak ada');
    expect(field(fourth, 'Versi yt-dlp')).toBe('tidak ada');
    expect(field(fourth, 'Umur')).toBe('tidak diketahui');
  });

  it('says so when no worker has reported, with or without workers running', async () => {
    answer(() => jsonResponse(200, { workers: [], warnings: [] }));
    render(<ToolsPanel />);
    await screen.findByText(
      /Belum ada worker yang melaporkan alatnya: tidak ada worker yang berjalan/,
    );
    cleanup();

    answer(() =>
      jsonResponse(200, {
        workers: [workerTools({ tools: null, ytDlpAgeDays: null, lastCheck: null })],
        warnings: [],
      }),
    );
    render(<ToolsPanel />);
    await screen.findByText(/1 worker berjalan/);
    const card = screen.getByRole('listitem', { name: /dl-mesin-1/ });
    expect(card.textContent).toContain('belum melaporkan alatnya');
  });

  it('says the status could not be loaded', async () => {
    answer(() =>
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    );
    render(<ToolsPanel />);
    await screen.findByText(LOAD_ERROR);
  });
});
