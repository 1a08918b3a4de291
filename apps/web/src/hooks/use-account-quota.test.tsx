import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { QUOTA_POLL_MS, useAccountQuota } from './use-account-quota.ts';

const FIRST = '7c3e4d5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
const SECOND = '8d4f5e6a-7b8c-4d9e-9f0a-2b3c4d5e6f7a';
const SECRET = '9e5a6f7b-8c9d-4e0f-8a1b-3c4d5e6f7a8b';

function quotaAnswer(accountId: string, uploadsUsed: number) {
  return {
    accountId,
    clientSecretId: SECRET,
    quotaToday: {
      quotaDay: '2026-01-09',
      resetsAt: '2026-01-10T08:00:00.000Z',
      uploadsLimit: 100,
      uploadsUsed,
      uploadsRemaining: 100 - uploadsUsed,
      unitsLimit: 10000,
      unitsUsed: 0,
      unitsRemaining: 10000,
    },
  };
}

describe('useAccountQuota', () => {
  // Requests held until the test answers them: [accountId, answer(uploadsUsed | 'fail')].
  let held: Array<{ accountId: string; answer: (used: number | 'fail') => void }> = [];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    held = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const match = /^\/api\/youtube\/accounts\/([^/]+)\/quota$/.exec(
          new URL(request.url).pathname,
        );
        const accountId = match?.[1] ?? '';
        return new Promise<Response>((resolve) => {
          held.push({
            accountId,
            answer: (used) =>
              resolve(
                used === 'fail'
                  ? jsonResponse(500, {
                      statusCode: 500,
                      error: 'Internal Server Error',
                      message: 'x',
                    })
                  : jsonResponse(200, quotaAnswer(accountId, used)),
              ),
          });
        });
      }),
    );
  });

  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is idle without an account, keeps the last quota while one reloads, and not after a failure', async () => {
    const { result, rerender } = renderHook(
      ({ accountId, refreshKey }) => useAccountQuota(accountId, refreshKey),
      { initialProps: { accountId: null as string | null, refreshKey: '' } },
    );
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(held).toHaveLength(0);

    rerender({ accountId: FIRST, refreshKey: '' });
    expect(result.current.state).toEqual({ status: 'loading', accountId: FIRST, quota: null });
    await waitFor(() => expect(held).toHaveLength(1));
    await act(async () => held[0]?.answer(3));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));

    // An upload finished: read again, the old answer shown meanwhile.
    rerender({ accountId: FIRST, refreshKey: 'upload-1' });
    await waitFor(() => expect(held).toHaveLength(2));
    expect(result.current.state).toMatchObject({
      status: 'loading',
      quota: { quotaToday: { uploadsUsed: 3 } },
    });
    await act(async () => held[1]?.answer('fail'));
    await waitFor(() =>
      expect(result.current.state).toEqual({ status: 'error', accountId: FIRST }),
    );

    // 'Coba lagi' after a failure: 'Memuat...' again, not the answer from before it.
    act(() => result.current.reload());
    await waitFor(() => expect(held).toHaveLength(3));
    expect(result.current.state).toEqual({ status: 'loading', accountId: FIRST, quota: null });
    await act(async () => held[2]?.answer(5));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));

    // Read again a minute after each answer.
    await act(() => vi.advanceTimersByTimeAsync(QUOTA_POLL_MS));
    await waitFor(() => expect(held).toHaveLength(4));
    await act(async () => held[3]?.answer(6));

    // Another account: nothing of the first one's quota is shown while its own loads.
    rerender({ accountId: SECOND, refreshKey: 'upload-1' });
    expect(result.current.state).toEqual({ status: 'loading', accountId: SECOND, quota: null });
    await waitFor(() => expect(held).toHaveLength(5));
    expect(held[4]?.accountId).toBe(SECOND);
    await act(async () => held[4]?.answer(1));
    await waitFor(() =>
      expect(result.current.state).toMatchObject({ status: 'ready', accountId: SECOND }),
    );

    rerender({ accountId: null, refreshKey: 'upload-1' });
    expect(result.current.state).toEqual({ status: 'idle' });
  });
});
