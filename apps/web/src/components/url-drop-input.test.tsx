import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UrlDropInput } from './url-drop-input.tsx';

function setup() {
  const onSubmitUrls = vi.fn();
  render(<UrlDropInput label="URL target" onSubmitUrls={onSubmitUrls} />);
  const field = screen.getByRole('textbox', { name: 'URL target' });
  return { onSubmitUrls, field };
}

describe('UrlDropInput', () => {
  it('is a described 4-row field', () => {
    const { field } = setup();
    expect(field.getAttribute('rows')).toBe('4');
    const hintId = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(hintId)?.textContent).toContain('seret file .txt');
  });

  it('keeps only the links of pasted text', async () => {
    const user = userEvent.setup();
    const { field } = setup();
    field.focus();
    await user.paste('lihat https://a.example/1 dan https://b.example/2, ok');
    expect(field).toHaveProperty('value', 'https://a.example/1\nhttps://b.example/2');
  });

  it('submits the extracted URLs on Enter and keeps Shift+Enter as a new line', async () => {
    const user = userEvent.setup();
    const { field, onSubmitUrls } = setup();
    await user.type(field, 'https://a.example/1{Shift>}{Enter}{/Shift}teks https://b.example/2');
    expect(onSubmitUrls).not.toHaveBeenCalled();
    expect(field).toHaveProperty('value', 'https://a.example/1\nteks https://b.example/2');
    await user.keyboard('{Enter}');
    expect(onSubmitUrls).toHaveBeenCalledWith(['https://a.example/1', 'https://b.example/2']);
    expect(field).toHaveProperty('value', '');
  });

  it('says so when there is no link to submit', async () => {
    const user = userEvent.setup();
    const { field, onSubmitUrls } = setup();
    await user.type(field, 'kucing{Enter}');
    expect(onSubmitUrls).not.toHaveBeenCalled();
    screen.getByText('Tidak ada URL http/https yang ditemukan.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('reads the links of a dropped .txt file and refuses other files', async () => {
    const { field } = setup();
    const zone = field.closest('.url-drop');
    if (!zone) throw new Error('no drop zone');
    const list = new File(['https://a.example/1\nbukan\nhttps://b.example/2'], 'daftar.txt', {
      type: 'text/plain',
    });
    fireEvent.drop(zone, { dataTransfer: { files: [list], getData: () => '' } });
    await waitFor(() =>
      expect(field).toHaveProperty('value', 'https://a.example/1\nhttps://b.example/2'),
    );
    const image = new File(['x'], 'foto.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [image], getData: () => '' } });
    await screen.findByText('Hanya file .txt atau teks biasa yang didukung.');
  });
});
