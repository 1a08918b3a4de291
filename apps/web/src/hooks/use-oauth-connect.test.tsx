import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_POPUP } from '@/lib/oauth-popup.ts';
import { useOAuthConnect, type OAuthConnect } from './use-oauth-connect.ts';

// One connect button for every account page: the words, and what each attempt asks for.
const BUTTON: OAuthConnect<[appId: string | null, accountId?: string], 'connect' | 'reauth'> = {
  popupBlocked: 'Popup diblokir.',
  timeout: 'Waktu habis.',
  noAuthUrl: 'Tanpa alamat.',
  attempt: (appId, accountId) => {
    if (!appId) return 'Pilih aplikasi dulu.';
    return {
      mode: accountId ? 'reauth' : 'connect',
      authUrl: async () => {
        if (appId === 'broken') throw new Error('server down');
        return appId === 'empty' ? '' : `https://consent.example/${appId}`;
      },
      failed: (caught) => (caught instanceof Error ? `Gagal: ${caught.message}` : null),
    };
  },
};

describe('useOAuthConnect', () => {
  let popup: { closed: boolean; close: () => void };

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    popup = { closed: false, close: () => (popup.closed = true) };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says why an attempt cannot start, names the attempt while the popup is open, and reloads a second after it closed', async () => {
    const onFinished = vi.fn();
    const { result } = renderHook(() => useOAuthConnect(onFinished, BUTTON));

    await act(() => result.current.connect(null));
    expect(result.current.error).toBe('Pilih aplikasi dulu.');
    expect(window.open).not.toHaveBeenCalled();

    await act(() => result.current.connect('app-1', 'account-1'));
    expect(result.current.error).toBeNull();
    expect(result.current.waiting).toBe('reauth');
    expect(vi.mocked(window.open).mock.calls[0]?.[0]).toBe('https://consent.example/app-1');

    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_POPUP.pollIntervalMs));
    expect(onFinished).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_POPUP.reloadDelayMs));
    expect(result.current.waiting).toBeNull();
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('shows the failure of the consent URL, an empty URL, a blocked popup and a timeout in their words', async () => {
    const { result } = renderHook(() => useOAuthConnect(() => undefined, BUTTON));

    await act(() => result.current.connect('broken'));
    expect(result.current).toMatchObject({ waiting: null, error: 'Gagal: server down' });

    await act(() => result.current.connect('empty'));
    expect(result.current).toMatchObject({ waiting: null, error: 'Tanpa alamat.' });
    expect(window.open).not.toHaveBeenCalled();

    vi.mocked(window.open).mockReturnValueOnce(null);
    await act(() => result.current.connect('app-1'));
    expect(result.current).toMatchObject({ waiting: null, error: 'Popup diblokir.' });

    await act(() => result.current.connect('app-1'));
    expect(result.current.waiting).toBe('connect');
    await act(() => vi.advanceTimersByTimeAsync(OAUTH_POPUP.timeoutMs));
    expect(result.current).toMatchObject({ waiting: null, error: 'Waktu habis.' });
    act(() => result.current.clearError());
    expect(result.current.error).toBeNull();
  });
});
