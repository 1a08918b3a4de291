import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { USER_ID, makeToken } from '@test/make-token.ts';
import { PublishPage } from './publish-page.tsx';

const member = { id: USER_ID, username: 'budi', role: 'user' as const };
const stamp = '2026-01-10T03:00:00.000Z';
const TIKTOK = '11111111-1111-4111-8111-111111111111';
const INSTAGRAM = '22222222-2222-4222-8222-222222222222';
const FACEBOOK = '33333333-3333-4333-8333-333333333333';
const YOUTUBE = '44444444-4444-4444-8444-444444444444';
const FILE_ID = '55555555-5555-4555-8555-555555555555';
const POST_ID = '66666666-6666-4666-8666-666666666666';
const TIKTOK_APP_1 = '77777777-7777-4777-8777-777777777771';
const TIKTOK_APP_2 = '77777777-7777-4777-8777-777777777772';
const META_APP = '88888888-8888-4888-8888-888888888888';

const base = {
  pageName: null,
  needsReconnect: false,
  reconnectReason: null,
  clientSecretId: null,
  connectedAt: stamp,
};
const ACCOUNTS = [
  { ...base, id: TIKTOK, platform: 'tiktok', name: 'Budi TikTok', username: 'budi.tt' },
  {
    ...base,
    id: INSTAGRAM,
    platform: 'instagram',
    name: 'budi.ig',
    username: 'budi.ig',
    pageName: 'Toko Budi',
  },
  {
    ...base,
    id: FACEBOOK,
    platform: 'facebook',
    name: 'Toko Budi',
    username: null,
    needsReconnect: true,
    reconnectReason: 'Izin Page dicabut di Facebook.',
  },
  { ...base, id: YOUTUBE, platform: 'youtube', name: 'Kanal Budi', username: null },
];
const FILE = {
  id: FILE_ID,
  title: 'Kucing lucu',
  fileName: 'kucing-lucu.mp4',
  platform: 'tiktok',
  createdAt: stamp,
  sizeBytes: 1000,
  formattedSize: '1000 B',
  fileExists: true,
  downloadUrl: '/x',
  username: 'budi',
};
const CREATOR = {
  nickname: 'Budi Kreator',
  username: 'budi.tt',
  privacyLevelOptions: ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  commentDisabled: true,
  duetDisabled: false,
  stitchDisabled: false,
  maxVideoPostDurationSec: 300,
};
function target(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    accountId: TIKTOK,
    platform: 'tiktok',
    accountName: 'Budi TikTok',
    status,
    reason: null,
    detail: null,
    remoteId: null,
    link: null,
    converted: false,
    mode: null,
    scheduledAt: null,
    updatedAt: stamp,
    finishedAt: null,
    ...extra,
  };
}
const POST = {
  id: POST_ID,
  serverFileId: FILE_ID,
  fileName: 'kucing-lucu.mp4',
  caption: 'Halo',
  title: null,
  scheduledAt: null,
  createdAt: stamp,
  targets: [
    target('a1111111-1111-4111-8111-111111111111', 'sent_to_inbox', { mode: 'inbox' }),
    target('a2222222-2222-4222-8222-222222222222', 'published', {
      platform: 'instagram',
      accountId: INSTAGRAM,
      accountName: 'budi.ig',
      link: 'https://www.instagram.com/reel/abc/',
      converted: true,
    }),
    target('a3333333-3333-4333-8333-333333333333', 'failed', {
      platform: 'facebook',
      accountId: FACEBOOK,
      accountName: 'Toko Budi',
      reason: 'Video terlalu panjang untuk Facebook Reels (maksimal 90 detik).',
      detail: '(#100) video duration exceeds limit',
    }),
    target('a4444444-4444-4444-8444-444444444444', 'queued', {
      platform: 'youtube',
      accountId: YOUTUBE,
      accountName: 'Kanal Budi',
    }),
  ],
};

type Handler = (path: string, request: Request) => Response | Promise<Response> | undefined;

function fakeApi(handler: Handler = () => undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      calls.push({
        method: request.method,
        path: `${url.pathname}${url.search}`,
        body: text ? JSON.parse(text) : undefined,
      });
      const answer = await handler(url.pathname, request);
      if (answer) return answer;
      if (url.pathname === '/api/publish/accounts')
        return jsonResponse(200, { accounts: ACCOUNTS });
      if (url.pathname === '/api/youtube/client-secrets') {
        const platform = url.searchParams.get('platform');
        if (platform === 'tiktok')
          return jsonResponse(200, [
            { id: TIKTOK_APP_1, name: 'TikTok A' },
            { id: TIKTOK_APP_2, name: 'TikTok B' },
          ]);
        if (platform === 'meta') return jsonResponse(200, [{ id: META_APP, name: 'Meta Utama' }]);
        return jsonResponse(200, [{ id: '99999999-9999-4999-8999-999999999999', name: 'Google' }]);
      }
      if (url.pathname === '/api/files')
        return jsonResponse(200, {
          files: [FILE],
          pagination: { total: 1, hasMore: false },
          stats: { totalFiles: 1, formattedTotalSize: '1000 B', totalBytes: 1000, platforms: ['tiktok'] },
        });
      if (url.pathname === `/api/publish/accounts/${TIKTOK}/creator-info`)
        return jsonResponse(200, CREATOR);
      if (url.pathname === `/api/youtube/accounts/${YOUTUBE}/quota`)
        return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
      if (url.pathname === '/api/publish/posts' && request.method === 'GET')
        return jsonResponse(200, { posts: [POST], pagination: { total: 1, hasMore: false } });
      return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'tidak ada' });
    }),
  );
  return calls;
}

function renderPage(entry = '/publish') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <PublishPage />
    </MemoryRouter>,
  );
}

describe('PublishPage', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .login(makeToken({ sub: USER_ID, username: 'budi', role: 'user' }), member);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every destination with its platform, @username and why it must be connected again', async () => {
    fakeApi();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Akun tujuan terhubung' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('TikTok · @budi.tt'),
      expect.stringContaining('Instagram Reels · @budi.ig · Page: Toko Budi'),
      expect.stringContaining('Perlu dihubungkan ulang Izin Page dicabut di Facebook.'),
      expect.stringContaining('YouTube'),
    ]);
    // YouTube channels are removed on the YouTube page.
    expect(within(items[3] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('asks which TikTok app when two are active, then opens its consent page in the popup', async () => {
    const user = userEvent.setup();
    const calls = fakeApi((path) =>
      path === '/api/publish/tiktok/auth/url'
        ? jsonResponse(200, { authUrl: 'https://tiktok.example/auth?x=1' })
        : undefined,
    );
    const open = vi.fn(() => ({ closed: false, close: () => undefined }));
    vi.stubGlobal('open', open);
    renderPage();
    const connect = screen.getByRole('button', { name: 'Hubungkan TikTok' });
    await screen.findByRole('combobox', { name: 'Aplikasi TikTok' });
    await user.click(connect);
    expect(await screen.findByText('Pilih aplikasi terlebih dahulu.')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aplikasi TikTok' }), 'TikTok B');
    await user.click(connect);
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://tiktok.example/auth?x=1',
        expect.any(String),
        expect.any(String),
      ),
    );
    expect(
      calls.some((c) => c.path === `/api/publish/tiktok/auth/url?clientSecretId=${TIKTOK_APP_2}`),
    ).toBe(true);
    // One Meta app: no choice to make.
    expect(screen.queryByRole('combobox', { name: 'Aplikasi Meta' })).toBeNull();
  });

  it("follows TikTok's posting guidelines and sends the post with the file from ?file=", async () => {
    const user = userEvent.setup();
    const calls = fakeApi((path, request) =>
      path === '/api/publish/posts' && request.method === 'POST'
        ? jsonResponse(202, { id: POST_ID, targets: [] })
        : undefined,
    );
    renderPage(`/publish?file=${FILE_ID}`);
    const file = await screen.findByRole('combobox', { name: /^File/ });
    await waitFor(() => expect((file as HTMLSelectElement).value).toBe(FILE_ID));

    await user.click(screen.getByRole('checkbox', { name: 'TikTok: Budi TikTok' }));
    expect(await screen.findByText('Budi Kreator')).toBeTruthy();
    expect(screen.getByText(/Durasi video maksimal 300 detik/)).toBeTruthy();
    // Inbox draft is the default; the privacy choice has no default and offers only the creator's levels.
    expect(
      (screen.getByRole('radio', { name: /Draf ke kotak masuk TikTok/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    const privacy = screen.getByRole('combobox', { name: /Siapa yang bisa menonton/ });
    await waitFor(() => expect((privacy as HTMLSelectElement).disabled).toBe(false));
    expect((privacy as HTMLSelectElement).value).toBe('');
    expect(
      within(privacy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pilih tingkat privasi', 'Teman (saling mengikuti)', 'Hanya saya']);
    // Interactions off by default; comments locked off because creator info says so.
    expect(
      (
        screen.getByRole('switch', {
          name: 'Izinkan komentar (dimatikan di akun)',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(screen.getByRole('switch', { name: 'Izinkan Duet' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByText(/Music Usage Confirmation TikTok/)).toBeTruthy();
    // A Facebook Page that must be connected again cannot be chosen.
    expect(
      (screen.getByRole('checkbox', { name: 'Facebook Reels: Toko Budi' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'Posting langsung' }));
    await user.click(screen.getByRole('button', { name: 'Publikasikan' }));
    expect(await screen.findByText(/perlu tingkat privasi yang dipilih sendiri/)).toBeTruthy();
    expect(document.activeElement).toBe(privacy);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.selectOptions(privacy, 'MUTUAL_FOLLOW_FRIENDS');
    await user.click(screen.getByRole('switch', { name: 'Izinkan Duet' }));
    await user.click(screen.getByRole('checkbox', { name: 'Instagram Reels: budi.ig' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tampilkan juga di feed' }));
    await user.click(screen.getByRole('checkbox', { name: 'YouTube: Kanal Budi' }));
    await user.type(screen.getByRole('textbox', { name: /^Judul YouTube/ }), 'Kucing');
    await user.type(screen.getByRole('textbox', { name: /^Caption/ }), 'Halo');
    expect(screen.getByText('4/2200 karakter')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publikasikan' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.path).toBe('/api/publish/posts');
    expect(sent?.body).toEqual({
      serverFileId: FILE_ID,
      caption: 'Halo',
      title: 'Kucing',
      destinations: [
        {
          accountId: TIKTOK,
          tiktok: {
            mode: 'direct',
            privacyLevel: 'MUTUAL_FOLLOW_FRIENDS',
            disableComment: true,
            disableDuet: false,
            disableStitch: true,
            brandOrganic: false,
            brandContent: false,
          },
        },
        { accountId: INSTAGRAM, instagram: { shareToFeed: false } },
        {
          accountId: YOUTUBE,
          youtube: { privacyStatus: 'public', madeForKids: false, categoryId: '22' },
        },
      ],
    });
  });

  it("shows each target's status, link, conversion and failure, and cancels a queued one", async () => {
    const user = userEvent.setup();
    const calls = fakeApi((path, request) =>
      request.method === 'POST' && path.endsWith('/cancel')
        ? jsonResponse(
            200,
            target('a4444444-4444-4444-8444-444444444444', 'cancelled', {
              platform: 'youtube',
              accountId: YOUTUBE,
              accountName: 'Kanal Budi',
            }),
          )
        : undefined,
    );
    renderPage();
    const posts = await screen.findByRole('list', { name: 'Posting terakhir' });
    expect(within(posts).getByText('Terkirim ke kotak masuk TikTok')).toBeTruthy();
    expect(within(posts).getByText('Terbit')).toBeTruthy();
    expect(within(posts).getByText('Dikonversi')).toBeTruthy();
    expect(
      within(posts)
        .getByRole('link', { name: 'Buka di Instagram Reels: budi.ig' })
        .getAttribute('href'),
    ).toBe('https://www.instagram.com/reel/abc/');
    expect(
      within(posts).getByText('Video terlalu panjang untuk Facebook Reels (maksimal 90 detik).'),
    ).toBeTruthy();
    expect(within(posts).getByText('Detail')).toBeTruthy();
    expect(within(posts).getAllByRole('button', { name: /^Batalkan/ })).toHaveLength(1);
    await user.click(within(posts).getByRole('button', { name: 'Batalkan YouTube: Kanal Budi' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'POST' &&
            c.path ===
              `/api/publish/posts/${POST_ID}/targets/a4444444-4444-4444-8444-444444444444/cancel`,
        ),
      ).toBe(true),
    );
  });
});
