import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { USER_ID, makeToken } from '@test/make-token.ts';
import { DEFAULT_AUDIO_REMIX, type AudioRemixValues } from '../utils/remix-values.ts';
import { AudioRemix } from './audio-remix.tsx';

const RAW = 'ERROR: [generic] Unable to download webpage: HTTP Error 404: Not Found';

function Remix({ values }: { values: AudioRemixValues }) {
  return <AudioRemix values={values} onChange={() => undefined} errors={{}} fieldRef={() => () => undefined} />;
}

describe('Ambil Info Audio', () => {
  beforeEach(() => {
    useSessionStore.getState().login(makeToken({ sub: USER_ID, username: 'budi', role: 'user' }), { id: USER_ID, username: 'budi', role: 'user' });
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it('shows the Indonesian sentence, with yt-dlp\'s own words folded under "Detail" (issue 31 item 6)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Audio tidak ditemukan di alamat itu (tautan salah, sudah dihapus, atau privat). Periksa tautannya.',
          detail: RAW,
        }),
      ),
    );
    render(<Remix values={{ ...DEFAULT_AUDIO_REMIX, remixUrl: 'https://www.youtube.com/watch?v=hilang' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ambil Info Audio' }));
    const alert = await screen.findByText(/Audio tidak ditemukan di alamat itu/);
    expect(alert.textContent).toBe(
      'Gagal mendapatkan info audio remix dari URL: Audio tidak ditemukan di alamat itu (tautan salah, sudah dihapus, atau privat). Periksa tautannya.',
    );
    expect(alert.textContent).not.toContain('HTTP Error 404');
    // The raw words are there, folded away beneath the sentence.
    const detail = screen.getByText('Detail');
    expect(detail.tagName).toBe('SUMMARY');
    expect(detail.closest('details')?.textContent).toContain(RAW);
  });
});
