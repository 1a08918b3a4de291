import { describe, expect, it, vi } from 'vitest';
import {
  ACTOR_CONFIG_REFRESH_STORAGE_KEY,
  onActorConfigRefresh,
  signalActorConfigRefresh,
} from './actor-config-refresh.ts';

describe('actor config refresh signal', () => {
  it('writes the timestamp to localStorage and reaches listeners in this tab', () => {
    const listener = vi.fn();
    const stop = onActorConfigRefresh(listener);
    signalActorConfigRefresh(1_700_000_000_000);
    expect(window.localStorage.getItem(ACTOR_CONFIG_REFRESH_STORAGE_KEY)).toBe('1700000000000');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    signalActorConfigRefresh();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('hears the storage event another tab causes, and only for its key', () => {
    const listener = vi.fn();
    const stop = onActorConfigRefresh(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    window.dispatchEvent(new StorageEvent('storage', { key: ACTOR_CONFIG_REFRESH_STORAGE_KEY }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
