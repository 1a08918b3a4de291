import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_SYNC_DELAY_MS, createExtensionBridge } from './extension-bridge.ts';

function fakeWindow() {
  return { postMessage: vi.fn(), location: { origin: 'https://scrapper.example' } };
}

describe('extension bridge', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts the token to our own origin at login and asks for a cookie sync 1 s later', () => {
    const target = fakeWindow();
    createExtensionBridge(target).announceLogin('tok');
    expect(target.postMessage).toHaveBeenCalledTimes(1);
    expect(target.postMessage).toHaveBeenLastCalledWith(
      { source: 'scrapper-web', version: 1, type: 'SCRAPPER_AUTH_TOKEN', token: 'tok' },
      'https://scrapper.example',
    );
    vi.advanceTimersByTime(COOKIE_SYNC_DELAY_MS - 1);
    expect(target.postMessage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(target.postMessage).toHaveBeenCalledTimes(2);
    expect(target.postMessage).toHaveBeenLastCalledWith(
      { source: 'scrapper-web', version: 1, type: 'SCRAPPER_COOKIE_SYNC_REQUEST' },
      'https://scrapper.example',
    );
    expect(COOKIE_SYNC_DELAY_MS).toBe(1000);
  });

  it('posts a clear message at logout and drops a pending cookie sync', () => {
    const target = fakeWindow();
    const bridge = createExtensionBridge(target);
    bridge.announceLogin('tok');
    vi.advanceTimersByTime(500);
    bridge.announceLogout();
    vi.advanceTimersByTime(5000);
    expect(target.postMessage.mock.calls.map(([message]) => message.type)).toEqual([
      'SCRAPPER_AUTH_TOKEN',
      'SCRAPPER_AUTH_CLEAR',
    ]);
  });

  it('sends one cookie sync for two quick logins, after the second', () => {
    const target = fakeWindow();
    const bridge = createExtensionBridge(target);
    bridge.announceLogin('first');
    vi.advanceTimersByTime(800);
    bridge.announceLogin('second');
    vi.advanceTimersByTime(800);
    expect(target.postMessage).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(200);
    expect(target.postMessage.mock.calls.map(([message]) => message.type)).toEqual([
      'SCRAPPER_AUTH_TOKEN',
      'SCRAPPER_AUTH_TOKEN',
      'SCRAPPER_COOKIE_SYNC_REQUEST',
    ]);
  });
});
