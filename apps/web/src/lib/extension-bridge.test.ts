import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_SYNC_DELAY_MS, createExtensionBridge, type MessageTarget } from './extension-bridge.ts';

const ORIGIN = 'https://scrapper.example';
const SECRET = `scr_${'a'.repeat(43)}`;

type Listener = Parameters<MessageTarget['addEventListener']>[1];

function fakeWindow() {
  const listeners: Listener[] = [];
  const target = {
    postMessage: vi.fn(),
    addEventListener: vi.fn((_type: 'message', listener: Listener) => void listeners.push(listener)),
    location: { origin: ORIGIN },
  };
  /** The content script's hello, as it arrives on the page's window. */
  const hello = (connected: boolean, over: Partial<{ source: unknown; origin: string; data: unknown }> = {}) => {
    for (const l of listeners)
      l({
        source: target,
        origin: ORIGIN,
        data: { source: 'scrapper-extension', version: 2, type: 'SCRAPPER_EXTENSION_HELLO', connected },
        ...over,
      });
  };
  const types = () => target.postMessage.mock.calls.map(([m]) => (m as { type: string }).type);
  return { target, hello, types };
}

function minter() {
  return vi.fn(async () => ({ secret: SECRET, username: 'ana' }));
}

describe('extension bridge', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings on start; without an extension a login makes no token and posts nothing more', async () => {
    const { target, types } = fakeWindow();
    const mint = minter();
    createExtensionBridge(target, mint).announceLogin();
    await vi.runAllTimersAsync();
    expect(types()).toEqual(['SCRAPPER_EXTENSION_PING']);
    expect(target.postMessage).toHaveBeenCalledWith(
      { source: 'scrapper-web', version: 2, type: 'SCRAPPER_EXTENSION_PING' },
      ORIGIN,
    );
    expect(mint).not.toHaveBeenCalled();
  });

  it('at login hands a present extension its own token (never the session) and asks for a sync 1 s later', async () => {
    const { target, hello, types } = fakeWindow();
    const mint = minter();
    const bridge = createExtensionBridge(target, mint);
    hello(true);
    bridge.announceLogin();
    await vi.advanceTimersByTimeAsync(0);
    expect(mint).toHaveBeenCalledTimes(1);
    expect(target.postMessage).toHaveBeenLastCalledWith(
      { source: 'scrapper-web', version: 2, type: 'SCRAPPER_AUTH_TOKEN', token: SECRET, username: 'ana' },
      ORIGIN,
    );
    await vi.advanceTimersByTimeAsync(COOKIE_SYNC_DELAY_MS - 1);
    expect(types()).toEqual(['SCRAPPER_EXTENSION_PING', 'SCRAPPER_AUTH_TOKEN']);
    await vi.advanceTimersByTimeAsync(1);
    expect(types()).toEqual(['SCRAPPER_EXTENSION_PING', 'SCRAPPER_AUTH_TOKEN', 'SCRAPPER_COOKIE_SYNC_REQUEST']);
    expect(COOKIE_SYNC_DELAY_MS).toBe(1000);
  });

  it('a login before the hello connects when the hello comes', async () => {
    const { target, hello, types } = fakeWindow();
    const mint = minter();
    const bridge = createExtensionBridge(target, mint);
    bridge.announceLogin();
    await vi.advanceTimersByTimeAsync(0);
    expect(mint).not.toHaveBeenCalled();
    hello(true);
    await vi.advanceTimersByTimeAsync(COOKIE_SYNC_DELAY_MS);
    expect(mint).toHaveBeenCalledTimes(1);
    expect(types()).toEqual(['SCRAPPER_EXTENSION_PING', 'SCRAPPER_AUTH_TOKEN', 'SCRAPPER_COOKIE_SYNC_REQUEST']);
  });

  it('a restored session gives a token only to an extension that holds none, once', async () => {
    const connectedOne = fakeWindow();
    const mintA = minter();
    const a = createExtensionBridge(connectedOne.target, mintA);
    connectedOne.hello(true);
    a.announceSession();
    await vi.runAllTimersAsync();
    expect(mintA).not.toHaveBeenCalled();

    const emptyOne = fakeWindow();
    const mintB = minter();
    const b = createExtensionBridge(emptyOne.target, mintB);
    b.announceSession();
    emptyOne.hello(false);
    await vi.runAllTimersAsync();
    // A second hello (the answer to the ping, sent before the token was stored) makes no second token.
    emptyOne.hello(false);
    await vi.runAllTimersAsync();
    expect(mintB).toHaveBeenCalledTimes(1);
    expect(emptyOne.types()).toEqual(['SCRAPPER_EXTENSION_PING', 'SCRAPPER_AUTH_TOKEN', 'SCRAPPER_COOKIE_SYNC_REQUEST']);
  });

  it('ignores hellos from another window, another origin or of another shape', async () => {
    const { target, hello } = fakeWindow();
    const mint = minter();
    const bridge = createExtensionBridge(target, mint);
    bridge.announceLogin();
    hello(true, { source: {} });
    hello(true, { origin: 'https://evil.example' });
    hello(true, { data: { source: 'scrapper-extension', version: 1, type: 'SCRAPPER_EXTENSION_HELLO', connected: true } });
    hello(true, { data: { source: 'scrapper-web', version: 2, type: 'SCRAPPER_EXTENSION_HELLO', connected: true } });
    hello(true, { data: { source: 'scrapper-extension', version: 2, type: 'SCRAPPER_EXTENSION_HELLO', connected: 'ya' } });
    hello(true, { data: null });
    await vi.runAllTimersAsync();
    expect(mint).not.toHaveBeenCalled();
  });

  it('posts a clear message at logout, drops a pending sync, and never hands over a token made for the ended session', async () => {
    const { target, hello, types } = fakeWindow();
    let release: (v: { secret: string; username: string }) => void = () => {};
    const mint = vi.fn(() => new Promise<{ secret: string; username: string }>((r) => (release = r)));
    const bridge = createExtensionBridge(target, mint);
    hello(false);
    bridge.announceLogin();
    bridge.announceLogout();
    release({ secret: SECRET, username: 'ana' });
    await vi.runAllTimersAsync();
    expect(types()).toEqual(['SCRAPPER_EXTENSION_PING', 'SCRAPPER_AUTH_CLEAR']);

    const second = fakeWindow();
    const b = createExtensionBridge(second.target, minter());
    second.hello(true);
    b.announceLogin();
    await vi.advanceTimersByTimeAsync(500);
    b.announceLogout();
    await vi.advanceTimersByTimeAsync(5000);
    expect(second.types()).toEqual(['SCRAPPER_EXTENSION_PING', 'SCRAPPER_AUTH_TOKEN', 'SCRAPPER_AUTH_CLEAR']);
  });

  it('a failed token request leaves the app as it was, and the next login tries again', async () => {
    const { target, hello, types } = fakeWindow();
    const mint = vi
      .fn<() => Promise<{ secret: string; username: string }>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue({ secret: SECRET, username: 'ana' });
    const bridge = createExtensionBridge(target, mint);
    hello(false);
    bridge.announceLogin();
    await vi.runAllTimersAsync();
    expect(types()).toEqual(['SCRAPPER_EXTENSION_PING']);
    bridge.announceLogin();
    await vi.runAllTimersAsync();
    expect(mint).toHaveBeenCalledTimes(2);
    expect(types()).toEqual(['SCRAPPER_EXTENSION_PING', 'SCRAPPER_AUTH_TOKEN', 'SCRAPPER_COOKIE_SYNC_REQUEST']);
  });
});
