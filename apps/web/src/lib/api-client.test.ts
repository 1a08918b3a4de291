import { authEndpoints } from '@scrapper/contracts/http/auth';
import { userEndpoints } from '@scrapper/contracts/http/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { call } from './api-client.ts';
import { ApiError, errorMessage } from './api-error.ts';

const admin = { id: ADMIN_ID, username: 'admin', role: 'admin' as const };
const userRow = {
  id: '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  username: 'budi',
  role: 'user' as const,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

function lastRequest(): Request {
  const request = fetchMock.mock.calls.at(-1)?.[0];
  if (!request) throw new Error('no request was made');
  return request;
}

describe('api client', () => {
  beforeEach(() => {
    fetchMock = vi.fn<(request: Request) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore.getState().login(makeToken(), admin);
  });
  afterEach(() => {
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and returns the parsed response', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [userRow]));
    const users = await call(userEndpoints.list);
    expect(users).toEqual([userRow]);
    const request = lastRequest();
    expect(request.method).toBe('GET');
    expect(new URL(request.url).pathname).toBe('/api/admin/users');
    expect(request.headers.get('authorization')).toBe(`Bearer ${useSessionStore.getState().token}`);
    // No body, so no JSON content type (Fastify refuses an empty JSON body).
    expect(request.headers.get('content-type')).toBeNull();
  });

  it('fills path params and sends the body parsed by the contract (empty password left out)', async () => {
    // ky cancels the request body once the call settles, so it is read inside the fake.
    let sentBody: unknown;
    fetchMock.mockImplementation(async (request) => {
      sentBody = await request.json();
      return jsonResponse(200, { ...userRow, role: 'admin' });
    });
    await call(userEndpoints.update, {
      params: { id: userRow.id },
      body: { username: 'budi', role: 'admin', password: '' },
    });
    const request = lastRequest();
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe(`/api/admin/users/${userRow.id}`);
    expect(request.headers.get('content-type')).toContain('application/json');
    expect(sentBody).toEqual({ username: 'budi', role: 'admin' });
  });

  it('logs the user out on a 401 from a protected endpoint', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'Sesi tidak valid.' }),
    );
    await expect(call(userEndpoints.list)).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState()).toMatchObject({
      status: 'anonymous',
      token: null,
      endReason: 'unauthorized',
    });
  });

  it('keeps the session on a 401 from login (wrong credentials) or when asked to', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Username atau password salah.',
      }),
    );
    await expect(
      call(authEndpoints.login, { body: { username: 'x', password: 'y' } }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      call(userEndpoints.list, { logoutOnUnauthorized: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('does not end a newer session because of a late 401 for an older token', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const pending = call(userEndpoints.list);
    const newer = makeToken({ username: 'other' });
    useSessionStore.getState().login(newer, { ...admin, username: 'other' });
    answer(jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: 'x' }));
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().token).toBe(newer);
  });

  it("carries the server's message and status in ApiError", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Username sudah digunakan.',
      }),
    );
    const error = await call(userEndpoints.create, {
      body: { username: 'budi', password: 'rahasia123', role: 'user' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 409,
      serverMessage: 'Username sudah digunakan.',
      serverError: 'Conflict',
    });
    expect(errorMessage(error, 'Gagal membuat pengguna.')).toBe('Username sudah digunakan.');
  });

  it('falls back to the caller text when the error body is not ours', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await call(userEndpoints.list).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: undefined });
    expect(errorMessage(error, 'Gagal memuat pengguna.')).toBe('Gagal memuat pengguna.');
  });

  it('reports a network failure and refuses input the contract rejects without sending it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(userEndpoints.list)).rejects.toMatchObject({ kind: 'network', status: 0 });
    fetchMock.mockClear();
    const error = await call(userEndpoints.create, {
      body: { username: 'budi', password: 'short', role: 'user' },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'invalid-request',
      message: 'Password minimal 8 karakter.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a response that does not match the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [{ id: 'not-a-uuid' }]));
    await expect(call(userEndpoints.list)).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});
