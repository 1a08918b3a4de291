import { mediaEndpoints } from '@scrapper/contracts/http/media';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { USER_ID, makeToken } from '@test/make-token.ts';
import { ApiError } from './api-error.ts';
import { fetchFile, fetchFileAt } from './fetch-file.ts';

const member = { id: USER_ID, username: 'budi', role: 'user' as const };
const FILE = 'tiktok_20250101-120000_0a1b2c3d.json';
const HISTORY_ID = '00000000-0000-4000-8000-000000000001';

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

function lastRequest(): Request {
  const request = fetchMock.mock.calls.at(-1)?.[0];
  if (!request) throw new Error('no request was made');
  return request;
}

describe('fetchFile', () => {
  beforeEach(() => {
    fetchMock = vi.fn<(request: Request) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.getState().login(makeToken({ sub: USER_ID, role: 'user' }), member);
  });
  afterEach(() => {
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it('sends the token and keeps the body and the name the server gave the file', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([1, 2, 3]), {
        headers: {
          'Content-Type': 'video/mp4',
          'Content-Disposition': `attachment; filename="Klip.mp4"; filename*=UTF-8''Klip%20%F0%9F%90%B1.mp4`,
        },
      }),
    );
    const file = await fetchFile(mediaEndpoints.download, {
      params: { id: '7001' },
      query: { filename: FILE, quality: '720p' },
    });
    expect(file.fileName).toBe('Klip 🐱.mp4');
    expect(file.contentType).toBe('video/mp4');
    expect(file.blob.size).toBe(3);
    const request = lastRequest();
    const url = new URL(request.url);
    expect(url.pathname).toBe('/api/media/download/7001');
    expect(url.searchParams.get('quality')).toBe('720p');
    expect(request.headers.get('authorization')).toBe(`Bearer ${useSessionStore.getState().token}`);
  });

  it("throws the server's message, e.g. yt-dlp's reason on a 502 or 'File hilang'", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'File hilang' }),
    );
    const error = await fetchFileAt(`/api/media/download/history/${HISTORY_ID}`).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, serverMessage: 'File hilang' });
  });

  it('refuses a file name the contract refuses, before any request', async () => {
    await expect(
      fetchFile(mediaEndpoints.preview, {
        params: { id: '7001' },
        query: { filename: '../secret.json' },
      }),
    ).rejects.toMatchObject({ kind: 'invalid-request' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 for the token it sent', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Sesi berakhir.' }),
    );
    await expect(fetchFileAt('/api/media/download/history/x')).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().status).toBe('anonymous');
  });
});
