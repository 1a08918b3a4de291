import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { jsonResponse } from '@test/json-response.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { RUN_POLL_MS, useRun } from './use-run.ts';

const AUTOMATION_ID = '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const RUN_ID = '6b2d3c4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

function runAnswer(status: 'running' | 'completed', found: number) {
  return {
    id: RUN_ID,
    automationId: AUTOMATION_ID,
    trigger: 'manual',
    status,
    stage: status === 'running' ? 'scrape' : 'done',
    scrapeTaskId: null,
    batchId: null,
    counts: {
      found,
      filteredOut: {},
      new: 0,
      downloaded: 0,
      queued: 0,
      uploaded: 0,
      failed: 0,
      rolledOver: 0,
    },
    usageTotalUsd: null,
    notes: [],
    error: null,
    startedAt: '2026-01-09T07:00:00.000Z',
    finishedAt: status === 'running' ? null : '2026-01-09T07:05:00.000Z',
    uploads: [],
    posts: [],
  };
}

describe('useRun', () => {
  // What the server answers next, one per request: a run, or a 500.
  let answers: Array<ReturnType<typeof runAnswer> | 'fail'> = [];
  let calls = 0;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useSessionStore
      .getState()
      .login(makeToken(), { id: ADMIN_ID, username: 'admin', role: 'admin' });
    calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        if (path !== `/api/automations/${AUTOMATION_ID}/runs/${RUN_ID}`) {
          return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'x' });
        }
        calls += 1;
        const next = answers.length > 1 ? answers.shift() : answers[0];
        if (next === 'fail' || next === undefined) {
          return jsonResponse(500, {
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'x',
          });
        }
        return jsonResponse(200, next);
      }),
    );
  });

  afterEach(() => {
    cleanup();
    useSessionStore.getState().logout();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('polls a running run, keeps it shown with the error while loads fail, and stops once it is over', async () => {
    answers = [runAnswer('running', 1), 'fail', 'fail', runAnswer('completed', 4)];
    const { result } = renderHook(() => useRun(AUTOMATION_ID, RUN_ID));
    expect(result.current).toMatchObject({ status: 'loading', run: null });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.run?.counts.found).toBe(1);

    // A failed poll says 'error' with the last run, and stays 'error' while the next one loads.
    await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.run?.counts.found).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS));
    await waitFor(() => expect(calls).toBe(3));
    expect(result.current.status).toBe('error');

    await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.run).toMatchObject({ status: 'completed', counts: { found: 4 } });
    expect(calls).toBe(4);

    // Over: no more polling, but 'Coba lagi' still loads it.
    await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS * 5));
    expect(calls).toBe(4);
    act(() => result.current.retry());
    await waitFor(() => expect(calls).toBe(5));
  });
});
