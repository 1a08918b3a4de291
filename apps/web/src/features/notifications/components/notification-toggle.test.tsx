import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { NotificationToggle } from './notification-toggle.tsx';

const UNREAD = {
  id: '3f0d7a52-8e0b-4c55-9d8e-2b1f0a6c7d01',
  kind: 'scrape.completed',
  message: 'Scraping TikTok "kucing" selesai: 12 item.',
  createdAt: '2025-09-29T07:00:00.000Z',
  isRead: false,
  link: '/',
};
const READ = {
  ...UNREAD,
  id: '3f0d7a52-8e0b-4c55-9d8e-2b1f0a6c7d02',
  message: 'Unduhan batch selesai: 3 item berhasil.',
  isRead: true,
  link: '/history',
};

/** The toggle on a page, with the pages its notifications link to. */
function Shell() {
  return (
    <MemoryRouter initialEntries={['/analytics']}>
      <NotificationToggle />
      <Routes>
        <Route path="/analytics" element={<p>Halaman analytics</p>} />
        <Route path="/history" element={<p>Halaman riwayat</p>} />
        <Route path="/" element={<p>Halaman scraper</p>} />
      </Routes>
    </MemoryRouter>
  );
}

describe('NotificationToggle', () => {
  let markStatus = 200;
  let markAllCalls = 0;
  let list = { notifications: [UNREAD, READ], unread: 1 };

  beforeEach(() => {
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    markStatus = 200;
    markAllCalls = 0;
    list = { notifications: [UNREAD, READ], unread: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/notifications') return jsonResponse(200, list);
        if (path === '/api/notifications/read-all' && request.method === 'POST') {
          markAllCalls += 1;
          return jsonResponse(200, { updated: 1 });
        }
        if (path === `/api/notifications/${UNREAD.id}/read`) {
          if (markStatus !== 200) {
            return jsonResponse(markStatus, { statusCode: 500, error: 'x', message: 'x' });
          }
          return jsonResponse(200, { ...UNREAD, isRead: true });
        }
        return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
      }),
    );
  });

  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it('names the unread count, opens the list, and Escape closes it back to the bell', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    const toggle = await screen.findByRole('button', { name: 'Notifikasi, 1 belum dibaca' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Notifikasi' });
    expect(document.activeElement).toBe(panel);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    // Only the unread one offers the action.
    expect(screen.getAllByRole('button', { name: 'Tandai Sudah Dibaca' })).toHaveLength(1);

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('marks one read: the button goes, the count drops, focus stays on the item', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(await screen.findByRole('button', { name: /Notifikasi, 1/ }));
    await user.click(screen.getByRole('button', { name: 'Tandai Sudah Dibaca' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Tandai Sudah Dibaca' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Notifikasi' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(document.activeElement?.textContent).toContain(UNREAD.message);
  });

  it('says when marking fails, and when there is nothing to show', async () => {
    markStatus = 500;
    const user = userEvent.setup();
    const view = render(<Shell />);
    await user.click(await screen.findByRole('button', { name: /Notifikasi, 1/ }));
    await user.click(screen.getByRole('button', { name: 'Tandai Sudah Dibaca' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Gagal menandai notifikasi sebagai sudah dibaca.',
    );

    view.unmount();
    list = { notifications: [], unread: 0 };
    render(<Shell />);
    await act(async () => {});
    await user.click(screen.getByRole('button', { name: 'Notifikasi' }));
    await screen.findByText('Tidak ada notifikasi.');
  });

  it("shows 'Gagal memuat notifikasi.' when the list cannot be loaded", async () => {
    vi.mocked(fetch).mockImplementation(async () =>
      jsonResponse(500, { statusCode: 500, error: 'x', message: 'x' }),
    );
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(screen.getByRole('button', { name: 'Notifikasi' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Gagal memuat notifikasi.');
  });

  it("clicking a notification opens its page, closes the panel and marks it read", async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(await screen.findByRole('button', { name: /Notifikasi, 1/ }));
    await user.click(screen.getByRole('link', { name: UNREAD.message }));
    await screen.findByText('Halaman scraper');
    expect(screen.getByRole('button', { name: /Notifikasi/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([r]) => (r as Request).url.endsWith(`/api/notifications/${UNREAD.id}/read`))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: /Notifikasi/ }));
    await user.click(screen.getByRole('link', { name: READ.message }));
    await screen.findByText('Halaman riwayat');
  });

  it("'Tandai semua sudah dibaca' reads them all in one call and goes away", async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(await screen.findByRole('button', { name: /Notifikasi, 1/ }));
    await user.click(screen.getByRole('button', { name: 'Tandai semua sudah dibaca' }));
    await waitFor(() => screen.getByRole('button', { name: 'Notifikasi' }));
    expect(markAllCalls).toBe(1);
    expect(screen.queryByRole('button', { name: 'Tandai Sudah Dibaca' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tandai semua sudah dibaca' })).toBeNull();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('shows each time in WIB', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(await screen.findByRole('button', { name: /Notifikasi, 1/ }));
    expect(screen.getAllByText('29 Sep 2025, 14.00 WIB')).toHaveLength(2);
  });
});
