import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, USER_ID, makeToken } from '@test/make-token.ts';
import { TOOL_WARNING_POLL_MS } from '../hooks/use-tool-warnings.ts';
import { ToolWarningBadge } from './tool-warning-badge.tsx';

const OLD = {
  code: 'ytdlp-old',
  message: 'yt-dlp 2023.03.04 di worker dl-mesin-1 sudah berumur 1359 hari (batas 90 hari).',
  workerId: null,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderBadge() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ToolWarningBadge />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/history'] },
  );
  render(<RouterProvider router={router} />);
}

function serve(warnings: () => unknown[]) {
  const fetchMock = vi.fn(async (request: Request) => {
    expect(new URL(request.url).pathname).toBe('/api/admin/tools/warnings');
    return jsonResponse(200, { warnings: warnings() });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('ToolWarningBadge', () => {
  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows admins a named link to the Alat & Layanan tab while there are warnings', async () => {
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    serve(() => [OLD, { ...OLD, code: 'ytdlp-update-failed', message: 'Pembaruan yt-dlp gagal.' }]);
    renderBadge();
    const link = await screen.findByRole('link', {
      name: 'Peringatan alat: 2 masalah. Buka Alat & Layanan',
    });
    expect(link.getAttribute('title')).toBe(OLD.message);
    await userEvent.setup().click(link);
    expect(screen.getByTestId('where').textContent).toBe('/admin?tab=tools');
  });

  it('shows nothing when there is no warning, and appears on a later poll when one comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    let warnings: unknown[] = [];
    const fetchMock = serve(() => warnings);
    renderBadge();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('link')).toBeNull();
    warnings = [OLD];
    await act(() => vi.advanceTimersByTimeAsync(TOOL_WARNING_POLL_MS));
    await screen.findByRole('link', { name: /Peringatan alat: 1 masalah/ });
  });

  it('never asks for members, and shows them nothing', async () => {
    useSessionStore.getState().login(makeToken({ sub: USER_ID, username: 'budi', role: 'user' }), {
      id: USER_ID,
      username: 'budi',
      role: 'user',
    });
    const fetchMock = serve(() => [OLD]);
    renderBadge();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
