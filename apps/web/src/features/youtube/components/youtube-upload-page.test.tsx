import { PRIVACY_LOCKED_MESSAGE, REAUTH_ERROR, REAUTH_MESSAGE } from '@scrapper/contracts/http/youtube-uploads';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { USER_ID, makeToken } from '@test/make-token.ts';
import { selectionStorageKey } from '../utils/selection.ts';
import { YoutubeUploadPage } from './youtube-upload-page.tsx';

const member = { id: USER_ID, username: 'budi', role: 'user' as const };
const SECRET = { id: '0b9c5e7e-3c1a-4f61-9a43-1d2f3e4a5b6c', name: 'Klien Utama' };
const stamp = '2025-01-01T00:00:00.000Z';
const account = (id: string, accountName: string, isValid = true) => ({
  id,
  accountName,
  channelId: `UC${id.slice(0, 6)}`,
  clientSecretId: SECRET.id,
  isValid,
  createdAt: stamp,
  lastValidated: null,
});
const FIRST = account('7f3e2d1c-0b9a-4c8d-8e7f-6a5b4c3d2e1f', 'Kanal Satu');
const SECOND = account('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'Kanal Dua', false);

type Handler = (path: string, request: Request) => Response | undefined;

const RESULT_FILE = 'tiktok_20250101-101010_abcdef12.json';
const ITEMS = [
  { id: 'x1', title: 'Tanpa Judul' },
  { id: 'v1', title: 'Kucing lucu #fyp' },
  { id: 'v2', title: 'Anjing pintar' },
].map((item) => ({
  ...item,
  platform: 'tiktok',
  url: `https://www.tiktok.com/@a/video/${item.id}`,
  duration: 10,
  author: 'a',
  play_count: null,
  like_count: null,
  thumbnail: '',
  raw: {},
}));

/** GET /api/data/files: one page of result files. */
function filesAnswer(files: unknown[]) {
  return jsonResponse(200, { files, pagination: { total: files.length, hasMore: false } });
}

/** GET /api/data/items: one page of items, without their raw records. */
function itemsAnswer(fileName: string, items: typeof ITEMS) {
  const listed = items.map(({ raw: _raw, ...item }) => ({ ...item, downloaded: false }));
  return jsonResponse(200, {
    fileName,
    platformId: 'tiktok',
    items: listed,
    pagination: { total: listed.length, hasMore: false },
    counts: { all: listed.length, hiddenByDuration: 0, hiddenAsDuplicate: 0, hiddenAsDownloaded: 0 },
  });
}

/** GET /api/data/items/:id: the chosen item with its raw record. */
function detailAnswer(path: string) {
  const item = ITEMS.find((candidate) => path.endsWith(`/${candidate.id}`));
  return item ? jsonResponse(200, item) : jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'Item tidak ditemukan.' });
}

/** XMLHttpRequest as far as the multipart upload uses it. */
class FakeXhr {
  static sent: FormData[] = [];
  status = 0;
  response: unknown = null;
  responseType = '';
  upload = { addEventListener: () => undefined };
  private listeners = new Map<string, () => void>();
  open() {}
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  send(body: FormData) {
    FakeXhr.sent.push(body);
    const title = String(body.get('title'));
    setTimeout(() => {
      this.status = 202;
      this.response = JSON.stringify({
        id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
        title,
        description: '',
        tags: [],
        categoryId: '22',
        privacyStatus: 'public',
        publishType: 'now',
        publishAt: null,
        madeForKids: false,
        containsSyntheticMedia: body.get('containsSyntheticMedia') === 'true',
        videoEffect: 'none',
        playlistId: null,
        sourceKind: 'url',
        sourceUrl: null,
        videoFileName: null,
        audioRemixUrl: null,
        status: 'scheduled',
        progress: 0,
        stage: null,
        youtubeVideoId: null,
        youtubePrivacyStatus: null,
        privacyLocked: false,
        errorMessage: null,
        errorDetail: null,
        cancelledAt: null,
        sourceFileId: null,
        account: { id: FIRST.id, accountName: FIRST.accountName },
        createdAt: stamp,
        uploadedAt: null,
      });
      this.listeners.get('load')?.();
    }, 0);
  }
  abort() {}
}

function fakeApi(handler: Handler) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      paths.push(`${request.method} ${url.pathname}${url.search}`);
      const answer = handler(url.pathname, request);
      if (answer) return answer;
      if (url.pathname === '/api/youtube/videos')
        return jsonResponse(200, { videos: [], total: 0 });
      if (url.pathname === '/api/data/files') return filesAnswer([]);
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'tidak ada' });
    }),
  );
  return paths;
}

/** Today's quota of an account's client, as GET /api/youtube/accounts/:id/quota answers. */
function quotaAnswer(
  accountId: string,
  today: { uploadsUsed?: number; unitsUsed?: number } = {},
): Response {
  const uploadsUsed = today.uploadsUsed ?? 3;
  const unitsUsed = today.unitsUsed ?? 300;
  return jsonResponse(200, {
    accountId,
    clientSecretId: SECRET.id,
    quotaToday: {
      quotaDay: '2026-01-09',
      // Midnight in Los Angeles (PST) is 15:00 in Jakarta.
      resetsAt: '2026-01-10T08:00:00.000Z',
      uploadsLimit: 100,
      uploadsUsed,
      uploadsRemaining: Math.max(0, 100 - uploadsUsed),
      unitsLimit: 10000,
      unitsUsed,
      unitsRemaining: Math.max(0, 10000 - unitsUsed),
    },
  });
}

const QUOTA_PATH = /^\/api\/youtube\/accounts\/([^/]+)\/quota$/;

function standardApi(extra: Handler = () => undefined): string[] {
  return fakeApi((path, request) => {
    const answer = extra(path, request);
    if (answer) return answer;
    if (path === '/api/youtube/client-secrets') return jsonResponse(200, [SECRET]);
    if (path === '/api/youtube/accounts') return jsonResponse(200, [FIRST, SECOND]);
    const quota = QUOTA_PATH.exec(path);
    if (quota) return quotaAnswer(quota[1] ?? '');
    if (path.startsWith('/api/youtube/playlists/')) {
      return jsonResponse(200, [{ id: 'PL1', title: 'Playlist Satu' }]);
    }
    return undefined;
  });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <YoutubeUploadPage user={member} />
    </MemoryRouter>,
  );
}

describe('YoutubeUploadPage', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .login(makeToken({ sub: USER_ID, username: 'budi', role: 'user' }), member);
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    useToastStore.setState({ toasts: [] });
    vi.unstubAllGlobals();
  });

  it('shows only the notice when no active client secret exists', async () => {
    fakeApi((path) => (path === '/api/youtube/client-secrets' ? jsonResponse(200, []) : undefined));
    renderPage();
    await screen.findByText(/Belum ada client secret YouTube yang aktif/);
    expect(screen.queryByRole('region', { name: 'Upload Video' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Akun YouTube' })).toBeNull();
  });

  it('replaces a saved account the list lacks by the first one, and leaves the playlist at "Tanpa playlist"', async () => {
    window.localStorage.setItem(
      selectionStorageKey(USER_ID),
      JSON.stringify({ clientSecretId: SECRET.id, accountId: 'gone', playlistId: 'gone' }),
    );
    const paths = standardApi();
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Akun YouTube' });
    const accountSelect = within(panel).getByRole('combobox', { name: /Akun YouTube/ });
    await waitFor(() => expect((accountSelect as HTMLSelectElement).value).toBe(FIRST.id));
    const playlist = within(panel).getByRole('combobox', { name: 'Playlist' });
    await waitFor(() => expect(paths).toContain(`GET /api/youtube/playlists/${FIRST.id}`));
    await waitFor(() => expect(within(playlist).getAllByRole('option').length).toBeGreaterThan(1));
    // Issue 20: never the account's first playlist by itself.
    expect((playlist as HTMLSelectElement).value).toBe('');
    // Needs-refresh accounts say so.
    within(panel).getByRole('option', { name: 'Kanal Dua (Perlu Refresh)' });
    const saved = JSON.parse(window.localStorage.getItem(selectionStorageKey(USER_ID)) ?? '{}');
    expect(saved).toEqual({ clientSecretId: SECRET.id, accountId: FIRST.id, playlistId: null });

    // A pick is kept; changing the account clears it (and nothing is picked for the new one).
    await userEvent.selectOptions(playlist, 'PL1');
    expect((playlist as HTMLSelectElement).value).toBe('PL1');
    await userEvent.selectOptions(accountSelect, SECOND.id);
    await waitFor(() => expect(paths).toContain(`GET /api/youtube/playlists/${SECOND.id}`));
    within(panel).getByText('Perlu Refresh');
  });

  it('shows the re-authentication message when the playlists call answers YouTubeReauthRequired', async () => {
    standardApi((path) =>
      path.startsWith('/api/youtube/playlists/')
        ? jsonResponse(409, { statusCode: 409, error: REAUTH_ERROR, message: 'reauth' })
        : undefined,
    );
    renderPage();
    await screen.findByText(REAUTH_MESSAGE);
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it("logs out with 'Sesi Anda telah kedaluwarsa. Harap login ulang.' when the accounts call answers 401", async () => {
    standardApi((path) =>
      path === '/api/youtube/accounts'
        ? jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'x' })
        : undefined,
    );
    renderPage();
    await waitFor(() => expect(useSessionStore.getState().status).toBe('anonymous'));
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
      'Sesi Anda telah kedaluwarsa. Harap login ulang.',
    );
  });

  it('says the popup was blocked when window.open returns null', async () => {
    standardApi((path) =>
      path === '/api/youtube/auth/url'
        ? jsonResponse(200, { authUrl: 'https://accounts.google.com/o/oauth2/auth?x=1' })
        : undefined,
    );
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    renderPage();
    const connect = await screen.findByRole('button', { name: 'Hubungkan Akun' });
    await userEvent.click(connect);
    await screen.findByText('Popup blocked! Please allow popups for this site and try again.');
    expect(open).toHaveBeenCalledWith(
      'https://accounts.google.com/o/oauth2/auth?x=1',
      'youtube-oauth',
      expect.stringContaining('width=600,height=700'),
    );
  });

  it("refuses to upload without a video: 'Video file is required', focus on the file field", async () => {
    standardApi();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Upload Video' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Judul/ }), 'Judul saya');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload ke YouTube' }));
    await within(form).findByText('Video file is required');
    expect(document.activeElement).toBe(within(form).getByLabelText('File video'));
  });

  it('keeps remix volumes on the 0.5 -> 0.3 rule and needs a keyword to search', async () => {
    standardApi();
    renderPage();
    const form = await screen.findByRole('region', { name: 'Upload Video' });
    const original = within(form).getByRole('slider', { name: 'Volume video asli' });
    expect((original as HTMLInputElement).value).toBe('0.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Cari Audio' }));
    within(form).getByText('Harap masukkan kata kunci untuk mencari audio remix.');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'URL audio remix (video YouTube)' }),
      'https://youtu.be/abc',
    );
    expect((original as HTMLInputElement).value).toBe('0.3');
    within(form).getByText('0.3 (30%)');
  });

  it('fills the form from a JSON item, uploads it, then resets everything', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const paths = standardApi((path) => {
      if (path === '/api/data/files') {
        return filesAnswer([
          {
            fileName: RESULT_FILE,
            platformId: 'tiktok',
            itemCount: 3,
            target: 'kucing',
            createdAt: stamp,
            username: 'budi',
          },
        ]);
      }
      if (path === '/api/data/items') return itemsAnswer(RESULT_FILE, ITEMS);
      if (path.startsWith('/api/data/items/')) return detailAnswer(path);
      return undefined;
    });
    renderPage();
    const form = await screen.findByRole('region', { name: 'Upload Video' });
    // The member picks the playlist (nothing is picked for them).
    const panel = await screen.findByRole('region', { name: 'Akun YouTube' });
    const playlist = within(panel).getByRole('combobox', { name: 'Playlist' });
    await waitFor(() => expect(within(playlist).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(playlist, 'PL1');
    const fileSelect = within(form).getByRole('combobox', { name: 'File hasil scraping (JSON)' });
    await waitFor(() => expect(within(fileSelect).getAllByRole('option')).toHaveLength(2));
    await userEvent.selectOptions(fileSelect, RESULT_FILE);

    // 'Tanpa Judul' is left out; the first usable item is chosen and fills the form.
    const itemSelect = within(form).getByRole('combobox', { name: 'Item video' });
    await waitFor(() => expect((itemSelect as HTMLSelectElement).value).toBe('v1'));
    expect(within(itemSelect).queryByRole('option', { name: /Tanpa Judul/ })).toBeNull();
    const title = within(form).getByRole('textbox', { name: /Judul/ });
    expect((title as HTMLInputElement).value).toBe('Kucing lucu');
    expect((within(form).getByRole('textbox', { name: /Tag/ }) as HTMLInputElement).value).toBe(
      'fyp',
    );

    // Declared as realistic altered or synthetic content, with the help text read out.
    const synthetic = within(form).getByRole('checkbox', { name: 'Konten sintetis/diubah' });
    expect(synthetic).toHaveProperty('checked', false);
    expect(synthetic.getAttribute('aria-describedby')).toBe('yt-synthetic-help');
    expect(document.getElementById('yt-synthetic-help')?.textContent).toMatch(
      /tampak nyata padahal diubah atau dibuat/,
    );
    await userEvent.click(synthetic);

    const historyReads = () => paths.filter((p) => p.startsWith('GET /api/youtube/videos')).length;
    const before = historyReads();
    await userEvent.click(within(form).getByRole('button', { name: 'Upload ke YouTube' }));
    await within(form).findByText('Video berhasil diupload!');

    const body = FakeXhr.sent[0];
    expect(body?.get('scraperVideoUrl')).toBe('https://www.tiktok.com/@a/video/v1');
    expect(body?.get('scraperVideoId')).toBe('v1');
    expect(body?.get('accountId')).toBe(FIRST.id);
    expect(body?.get('playlistId')).toBe('PL1');
    expect(body?.get('madeForKids')).toBe('false');
    expect(body?.get('containsSyntheticMedia')).toBe('true');

    // Everything is back to its default; the history is read again.
    expect((within(form).getByRole('textbox', { name: /Judul/ }) as HTMLInputElement).value).toBe(
      '',
    );
    expect(
      (
        within(form).getByRole('combobox', {
          name: 'File hasil scraping (JSON)',
        }) as HTMLSelectElement
      ).value,
    ).toBe('');
    await waitFor(() => expect(historyReads()).toBeGreaterThan(before));
    expect(within(form).getByRole('checkbox', { name: 'Konten sintetis/diubah' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('shows a Gemini failure with its Detail, and clears it when the form resets after an upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    standardApi((path) => {
      if (path === '/api/admin/generate-content') {
        return jsonResponse(503, {
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Layanan Gemini sedang bermasalah. Coba lagi nanti.',
          detail: '[503 Service Unavailable] The model is overloaded.',
        });
      }
      return undefined;
    });
    renderPage();
    const form = await screen.findByRole('region', { name: 'Upload Video' });
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('region', { name: 'Akun YouTube' })).getByRole('combobox', {
            name: /Akun YouTube/,
          }) as HTMLSelectElement
        ).value,
      ).toBe(FIRST.id),
    );
    await userEvent.type(within(form).getByRole('textbox', { name: /Judul/ }), 'Kucing lucu');
    await userEvent.click(
      within(form).getByRole('button', { name: 'Generate dengan AI (Gemini)' }),
    );
    const failure = await within(form).findByText(
      'Gagal generate konten: Layanan Gemini sedang bermasalah. Coba lagi nanti.',
    );
    within(form).getByText('Detail');
    within(form).getByText('[503 Service Unavailable] The model is overloaded.');

    await userEvent.upload(
      within(form).getByLabelText('File video'),
      new File(['video'], 'klip.mp4', { type: 'video/mp4' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Upload ke YouTube' }));
    await within(form).findByText('Video berhasil diupload!');
    expect(failure.isConnected).toBe(false);
    expect(within(form).queryByText(/Gagal generate konten/)).toBeNull();
  });

  it("shows the selected account's uploads left today and the reset time in WIB", async () => {
    const paths = standardApi((path) => {
      const quota = QUOTA_PATH.exec(path);
      if (quota?.[1] === SECOND.id)
        return quotaAnswer(SECOND.id, { uploadsUsed: 100, unitsUsed: 9990 });
      return undefined;
    });
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Akun YouTube' });
    await within(panel).findByText(
      (_, element) =>
        element?.tagName === 'P' &&
        element.textContent === 'Sisa unggahan hari ini: 97 dari 100 · direset pukul 15.00 WIB',
    );
    expect(paths).toContain(`GET /api/youtube/accounts/${FIRST.id}/quota`);

    // An exhausted client: uploads wait for the reset, extras may be skipped.
    const accountSelect = within(panel).getByRole('combobox', { name: /Akun YouTube/ });
    await userEvent.selectOptions(accountSelect, SECOND.id);
    await within(panel).findByText(/Kuota unggahan client ini sudah habis/);
    expect(within(panel).getByText(/Sisa unggahan hari ini:/).textContent).toBe(
      'Sisa unggahan hari ini: 0 dari 100 · direset pukul 15.00 WIB',
    );
    within(panel).getByText(/Kuota unit hari ini tinggal 10/);
  });

  it('explains a video YouTube kept private although public was chosen, and marks synthetic content', async () => {
    standardApi((path) => {
      if (path !== '/api/youtube/videos') return undefined;
      return jsonResponse(200, {
        total: 1,
        videos: [
          {
            id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
            title: 'Video AI',
            description: '',
            tags: [],
            categoryId: '22',
            privacyStatus: 'public',
            publishType: 'now',
            publishAt: null,
            madeForKids: false,
            containsSyntheticMedia: true,
            videoEffect: 'none',
            playlistId: null,
            sourceKind: 'file',
            sourceUrl: null,
            videoFileName: 'ai.mp4',
            audioRemixUrl: null,
            status: 'uploaded',
            progress: 100,
            stage: null,
            youtubeVideoId: 'abcdefghijk',
            youtubePrivacyStatus: 'private',
            privacyLocked: true,
            errorMessage: null,
            errorDetail: null,
            cancelledAt: null,
            sourceFileId: null,
            account: { id: FIRST.id, accountName: FIRST.accountName },
            createdAt: stamp,
            uploadedAt: stamp,
          },
        ],
      });
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Daftar upload YouTube' });
    const item = within(list).getByRole('listitem');
    within(item).getByText('Pribadi (dikunci YouTube)');
    within(item).getByText('Konten sintetis/diubah');
    // Spec part 2: 'uploaded' shown in green, on the shared badge.
    expect(within(item).getByText('Terupload').className).toBe('ui-badge ui-badge--success');
    expect(item.textContent).toContain(
      `Diupload sebagai Pribadi, bukan Publik. ${PRIVACY_LOCKED_MESSAGE}`,
    );
  });

  it('selects the first item of each newly picked file, dropping a chosen video file', async () => {
    const OTHER = 'tiktok_20250102-101010_abcdef13.json';
    standardApi((path, request) => {
      if (path === '/api/data/files') {
        return filesAnswer(
          [RESULT_FILE, OTHER].map((fileName) => ({
            fileName,
            platformId: 'tiktok',
            itemCount: 3,
            target: fileName,
            createdAt: stamp,
            username: 'budi',
          })),
        );
      }
      if (path === '/api/data/items') {
        const fileName = new URL(request.url).searchParams.get('filename');
        const items = fileName === OTHER ? ITEMS.slice(2) : ITEMS;
        return itemsAnswer(fileName ?? '', items);
      }
      if (path.startsWith('/api/data/items/')) return detailAnswer(path);
      return undefined;
    });
    renderPage();
    const form = await screen.findByRole('region', { name: 'Upload Video' });
    const video = new File(['v'], 'klip.mp4', { type: 'video/mp4' });
    await userEvent.upload(within(form).getByLabelText('File video'), video);
    within(form).getByText('klip.mp4');

    const fileSelect = within(form).getByRole('combobox', { name: 'File hasil scraping (JSON)' });
    await waitFor(() => expect(within(fileSelect).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(fileSelect, RESULT_FILE);
    const itemSelect = within(form).getByRole('combobox', { name: 'Item video' });
    await waitFor(() => expect((itemSelect as HTMLSelectElement).value).toBe('v1'));
    // Picking a result file drops the video chosen from the computer.
    expect(within(form).queryByText('klip.mp4')).toBeNull();

    await userEvent.selectOptions(fileSelect, OTHER);
    await waitFor(() => expect((itemSelect as HTMLSelectElement).value).toBe('v2'));
    expect((within(form).getByRole('textbox', { name: /Judul/ }) as HTMLInputElement).value).toBe(
      'Anjing pintar',
    );
  });
});
