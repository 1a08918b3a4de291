import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExtensionBridge } from '@/lib/extension-bridge.ts';
import { ADMIN_ID, makeToken } from '@test/make-token.ts';
import { createSessionStore, TOKEN_STORAGE_KEY } from './use-session-store.ts';

const NOW = Date.UTC(2025, 0, 1);

function setup(stored?: string) {
  const data = new Map<string, string>();
  if (stored !== undefined) data.set(TOKEN_STORAGE_KEY, stored);
  const storage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
  const extension: ExtensionBridge = { announceLogin: vi.fn(), announceSession: vi.fn(), announceLogout: vi.fn() };
  const store = createSessionStore({ storage, extension, now: () => Date.now() });
  return { store, data, extension };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

describe('session store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores a valid token as a session waiting for the server to confirm it', () => {
    const token = makeToken({ username: 'budi', role: 'user', exp: seconds(NOW) + 60 });
    const setupResult = setup(token);
    const { store } = setupResult;
    store.getState().restore();
    expect(store.getState()).toMatchObject({
      status: 'checking',
      token,
      user: { id: ADMIN_ID, username: 'budi', role: 'user' },
    });
    const { extension } = setupResult;
    expect(extension.announceSession).not.toHaveBeenCalled();
    store.getState().confirm({ id: ADMIN_ID, username: 'budi', role: 'admin' });
    expect(store.getState()).toMatchObject({ status: 'authenticated', user: { role: 'admin' } });
    // The extension gets a token of its own if it holds none; a second confirm asks nothing more.
    expect(extension.announceSession).toHaveBeenCalledTimes(1);
    store.getState().confirm({ id: ADMIN_ID, username: 'budi', role: 'admin' });
    expect(extension.announceSession).toHaveBeenCalledTimes(1);
    expect(extension.announceLogin).not.toHaveBeenCalled();
  });

  it('clears an expired token and logs out, telling the extension', () => {
    const { store, data, extension } = setup(makeToken({ exp: seconds(NOW) }));
    store.getState().restore();
    expect(store.getState()).toMatchObject({
      status: 'anonymous',
      token: null,
      user: null,
      endReason: 'expired',
    });
    expect(data.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(extension.announceLogout).toHaveBeenCalledTimes(1);
  });

  it('clears a token that cannot be decoded', () => {
    const { store, data } = setup('not-a-jwt');
    store.getState().restore();
    expect(store.getState()).toMatchObject({ status: 'anonymous', token: null, endReason: null });
    expect(data.has(TOKEN_STORAGE_KEY)).toBe(false);
  });

  it('is anonymous without a stored token', () => {
    const { store, extension } = setup();
    store.getState().restore();
    expect(store.getState().status).toBe('anonymous');
    expect(extension.announceLogout).not.toHaveBeenCalled();
  });

  it('stores token and user on login and clears both on logout', () => {
    const { store, data, extension } = setup();
    store.getState().restore();
    const token = makeToken();
    const user = { id: ADMIN_ID, username: 'admin', role: 'admin' as const };
    store.getState().login(token, user);
    expect(store.getState()).toMatchObject({ status: 'authenticated', token, user });
    expect(data.get(TOKEN_STORAGE_KEY)).toBe(token);
    expect(extension.announceLogin).toHaveBeenCalledTimes(1);
    expect(extension.announceSession).not.toHaveBeenCalled();

    store.getState().logout();
    expect(store.getState()).toMatchObject({
      status: 'anonymous',
      token: null,
      user: null,
      endReason: null,
    });
    expect(data.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(extension.announceLogout).toHaveBeenCalledTimes(1);
  });

  it('logs out by itself when the token expires while the app is open', () => {
    const { store } = setup();
    const user = { id: ADMIN_ID, username: 'admin', role: 'admin' as const };
    store.getState().login(makeToken({ exp: seconds(NOW) + 30 }), user);
    vi.advanceTimersByTime(29_000);
    expect(store.getState().status).toBe('authenticated');
    vi.advanceTimersByTime(1_000);
    expect(store.getState()).toMatchObject({ status: 'anonymous', endReason: 'expired' });
  });
});
