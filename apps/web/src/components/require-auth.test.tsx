import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { RequireAdmin } from './require-admin.tsx';
import { RequireAuth } from './require-auth.tsx';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from: {JSON.stringify(location.state)}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        path: '/',
        element: (
          <RequireAuth>
            <p>dashboard</p>
          </RequireAuth>
        ),
      },
      {
        path: '/history',
        element: (
          <RequireAuth>
            <p>history</p>
          </RequireAuth>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAuth>
            <RequireAdmin>
              <p>admin page</p>
            </RequireAdmin>
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signIn(role: 'user' | 'admin') {
  useSessionStore.getState().login(makeToken({ role }), { id: ADMIN_ID, username: 'budi', role });
}

describe('route guards', () => {
  afterEach(() => {
    // Unmount first: logging out under a mounted tree would update it outside act().
    cleanup();
    useSessionStore.getState().logout();
  });

  it('sends a visitor to /login, remembering the page and its query, replacing history', async () => {
    useSessionStore.setState({ status: 'anonymous' });
    const router = renderAt('/history?page=2');
    await screen.findByText(/login page/);
    expect(router.state.location.state).toEqual({
      from: { pathname: '/history', search: '?page=2', hash: '' },
    });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows 'Memuat...' while the session is being confirmed", () => {
    useSessionStore.setState({ status: 'checking' });
    renderAt('/history');
    screen.getByText('Memuat...');
  });

  it('lets a logged-in user in', () => {
    signIn('user');
    renderAt('/history');
    screen.getByText('history');
  });

  it("tells a user without the admin role on /admin 'Halaman ini hanya untuk admin.', with the way back", async () => {
    signIn('user');
    const router = renderAt('/admin');
    expect((await screen.findByRole('alert')).textContent).toContain('Halaman ini hanya untuk admin.');
    expect(screen.queryByText('admin page')).toBeNull();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('link', { name: 'Kembali ke Scraper' }).getAttribute('href')).toBe('/');
  });

  it('lets an admin into /admin', () => {
    signIn('admin');
    renderAt('/admin');
    screen.getByText('admin page');
  });
});
