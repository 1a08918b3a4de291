import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

const message = 'Apakah Anda yakin ingin menghapus pengguna ini?';

describe('ConfirmDialog', () => {
  it('is an alertdialog described by its message with focus on cancel', () => {
    render(
      <ConfirmDialog
        open
        title="Hapus Pengguna"
        message={message}
        onConfirm={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Hapus Pengguna' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(message);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Batal' }));
  });

  it('confirms with the confirm button and cancels with Batal or Escape', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Hapus Pengguna"
        message={message}
        confirmLabel="Hapus"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks and Escape while the confirmed action runs', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        loading
        title="Hapus Pengguna"
        message={message}
        confirmLabel="Hapus"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Hapus' });
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    await user.click(confirm);
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
