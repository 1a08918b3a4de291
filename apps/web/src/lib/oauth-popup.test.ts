import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_POPUP, popupFeatures, watchPopup } from './oauth-popup.ts';

function fakePopup() {
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  return popup;
}

describe('OAuth popup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens 600x700, centred over the window', () => {
    expect(popupFeatures({ width: 1400, height: 900, left: 100, top: 50 })).toBe(
      'width=600,height=700,left=500,top=150,scrollbars=yes,resizable=yes',
    );
    expect(popupFeatures()).toBe('width=600,height=700,scrollbars=yes,resizable=yes');
  });

  it('notices a closed popup at the next 1 s check and reloads 1 s after that', () => {
    const popup = fakePopup();
    const onClosed = vi.fn();
    const onTimeout = vi.fn();
    watchPopup(popup, { onClosed, onTimeout });

    vi.advanceTimersByTime(2500);
    popup.closed = true;
    // Checked at 3000 ms, reload 1000 ms later.
    vi.advanceTimersByTime(OAUTH_POPUP.pollIntervalMs - 500);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OAUTH_POPUP.reloadDelayMs - 1);
    expect(onClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClosed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(OAUTH_POPUP.timeoutMs);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('closes the popup and times out after 300000 ms, without a reload', () => {
    const popup = fakePopup();
    const onClosed = vi.fn();
    const onTimeout = vi.fn();
    watchPopup(popup, { onClosed, onTimeout });

    vi.advanceTimersByTime(OAUTH_POPUP.timeoutMs - OAUTH_POPUP.pollIntervalMs);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OAUTH_POPUP.pollIntervalMs);
    expect(popup.close).toHaveBeenCalledTimes(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(onClosed).not.toHaveBeenCalled();
  });

  it('stops everything, a pending reload included, when the page goes away', () => {
    const popup = fakePopup();
    const onClosed = vi.fn();
    const onTimeout = vi.fn();
    const stop = watchPopup(popup, { onClosed, onTimeout });
    popup.closed = true;
    vi.advanceTimersByTime(OAUTH_POPUP.pollIntervalMs);
    stop();
    vi.advanceTimersByTime(OAUTH_POPUP.timeoutMs);
    expect(onClosed).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
