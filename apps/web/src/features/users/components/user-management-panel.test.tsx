import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, USER_ID, makeToken } from '@test/make-token.ts';
import { UserManagementPanel } from './user-management-panel.tsx';

const stamp = '2025-01-01T00:00:00.000Z';
const adminRow = {
  id: ADMIN_ID,
  username: 'admin',
  role: 'admin',
  createdAt: stamp,
  updatedAt: stamp,
};
const budiRow = { id: USER_ID, username: 'budi', role: 'user', createdAt: stamp, updatedAt: stamp };

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A tiny fake of the users API: answers by method and path, and records what was sent. */
function fakeApi(handler: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.text();
      const entry = {
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : undefined,
      };
      sent.push(entry);
      return handler(entry);
    }),
  );
  return sent;
}

describe('UserManagementPanel', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
  });
  afterEach(() => {
    // Unmount first: logging out under a mounted tree would update it outside act().
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it("shows 'Memuat...' and then the users with their actions", async () => {
    fakeApi(() => jsonResponse(200, [adminRow, budiRow]));
    render(<UserManagementPanel />);
    screen.getByText('Memuat...');
    const table = await screen.findByRole('table', { name: 'Daftar pengguna' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Username', 'Role', 'Aksi']);
    const row = within(table).getByRole('row', { name: /budi/ });
    within(row).getByRole('button', { name: 'Edit budi' });
    within(row).getByRole('button', { name: 'Hapus budi' });
  });

  it("says 'Gagal memuat pengguna.' when the list cannot be loaded", async () => {
    fakeApi(() =>
      jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    );
    render(<UserManagementPanel />);
    await screen.findByText('Gagal memuat pengguna.');
  });

  it("shows the server's message when creating fails, e.g. a taken username", async () => {
    const user = userEvent.setup();
    fakeApi(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, [adminRow])
        : jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            message: 'Username sudah digunakan.',
          }),
    );
    render(<UserManagementPanel />);
    await user.click(await screen.findByRole('button', { name: 'Tambah User Baru' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Pengguna Baru' });
    await user.type(within(dialog).getByLabelText(/Username/), 'admin');
    await user.type(within(dialog).getByLabelText(/^Password/), 'rahasia123');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await within(dialog).findByText('Username sudah digunakan.');
  });

  it('edits with the username locked and leaves an empty password out of the PUT', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, [adminRow, budiRow])
        : jsonResponse(200, { ...budiRow, role: 'admin' }),
    );
    render(<UserManagementPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit budi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Pengguna' });
    expect(within(dialog).getByLabelText(/Username/)).toHaveProperty('disabled', true);
    expect(
      within(dialog)
        .getByLabelText(/^Password/)
        .getAttribute('placeholder'),
    ).toBe('Kosongkan jika tidak ingin mengubah');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      tone: 'success',
      message: 'Pengguna berhasil diperbarui.',
    });
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: `/api/admin/users/${USER_ID}`,
      body: { username: 'budi', role: 'admin' },
    });
  });

  it('asks before deleting and removes the row', async () => {
    const user = userEvent.setup();
    const sent = fakeApi(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, [adminRow, budiRow])
        : jsonResponse(200, { id: USER_ID }),
    );
    render(<UserManagementPanel />);
    await user.click(await screen.findByRole('button', { name: 'Hapus budi' }));
    const dialog = screen.getByRole('alertdialog');
    within(dialog).getByText('Apakah Anda yakin ingin menghapus pengguna ini?');
    await user.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await vi.waitFor(() => expect(screen.queryByRole('row', { name: /budi/ })).toBeNull());
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/admin/users/${USER_ID}` });
    // Focus lands on a stable control instead of falling to <body> with the removed row.
    const addButton = screen.getByRole('button', { name: 'Tambah User Baru' });
    await vi.waitFor(() => expect(document.activeElement).toBe(addButton));
  });
});
