import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { TextInput } from './text-input.tsx';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Buka</Button>
      <Modal
        open={open}
        title="Edit Pengguna"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<Button onClick={() => setOpen(false)}>Simpan</Button>}
      >
        <TextInput label="Username" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog named by its title and focuses the first field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Pengguna' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Buka' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog in both directions', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    const close = screen.getByRole('button', { name: 'Tutup' });
    const save = screen.getByRole('button', { name: 'Simpan' });
    save.focus();
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
  });

  it('closes on a press on the backdrop but not inside the dialog', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    fireEvent.mouseDown(screen.getByLabelText('Username'));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.mouseDown(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores Escape while not dismissible', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Menyimpan" onClose={onClose} dismissible={false}>
        <p>isi</p>
      </Modal>,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('leaves out the close button when asked, for an overlay closed only from its footer', () => {
    render(
      <Modal
        open
        title="Mengunduh"
        onClose={() => undefined}
        dismissible={false}
        showCloseButton={false}
      >
        <p>isi</p>
      </Modal>,
    );
    expect(screen.queryByRole('button', { name: 'Tutup' })).toBeNull();
  });
});
