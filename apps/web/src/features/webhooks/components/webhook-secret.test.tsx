import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhookSecret } from './webhook-secret.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebhookSecret (the shared OneTimeSecret)', () => {
  it('shows the secret once in a labelled read-only field and says when it was copied', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    const onDone = vi.fn();
    render(<WebhookSecret url="https://contoh.com/hook" secret="whsec_rahasia" onDone={onDone} />);
    expect(
      screen.getByRole('heading', { name: 'Webhook ke https://contoh.com/hook dibuat' }),
    ).toBeTruthy();
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' });
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe('whsec_rahasia');
    await userEvent.click(screen.getByRole('button', { name: 'Salin' }));
    expect(writeText).toHaveBeenCalledWith('whsec_rahasia');
    expect((await screen.findByText('Secret disalin ke clipboard.')).getAttribute('role')).toBe(
      'status',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sudah saya simpan' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('tells how to copy by hand when the browser refuses', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('ditolak')) },
    });
    vi.stubGlobal('isSecureContext', true);
    document.execCommand = vi.fn().mockReturnValue(false);
    render(<WebhookSecret url="https://contoh.com/hook" secret="whsec_rahasia" onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salin' }));
    expect(
      (
        await screen.findByText('Gagal menyalin: pilih teks secret lalu salin manual.')
      ).getAttribute('role'),
    ).toBe('status');
  });
});
