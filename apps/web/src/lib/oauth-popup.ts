// The Google consent screen opens in a popup (spec part 2, sections 4 and 9): 600x700,
// watched every second; once it closes the caller reloads its accounts a second later (the
// callback page has just stored the account); after 5 minutes the popup is closed and the
// attempt counts as timed out. The member's upload page and the admin's accounts tab both
// connect this way, with their own texts.

export const OAUTH_POPUP = {
  windowName: 'youtube-oauth',
  width: 600,
  height: 700,
  /** How often the popup is checked for being closed. */
  pollIntervalMs: 1000,
  /** Wait after the popup closed before reloading the accounts. */
  reloadDelayMs: 1000,
  /** The popup is closed and the attempt given up after this long. */
  timeoutMs: 300_000,
} as const;

export interface ScreenBox {
  width: number;
  height: number;
  left: number;
  top: number;
}

/** The window.open features: 600x700, centred over the current window when it can be. */
export function popupFeatures(screen?: ScreenBox): string {
  const { width, height } = OAUTH_POPUP;
  const parts = [`width=${width}`, `height=${height}`];
  if (screen) {
    const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
    const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
    parts.push(`left=${left}`, `top=${top}`);
  }
  parts.push('scrollbars=yes', 'resizable=yes');
  return parts.join(',');
}

/** The current browser window as a ScreenBox. */
export function currentWindowBox(): ScreenBox {
  return {
    width: window.outerWidth,
    height: window.outerHeight,
    left: window.screenX,
    top: window.screenY,
  };
}

/** Opens the consent URL; null when the browser blocked the popup. */
export function openOAuthPopup(url: string): Window | null {
  return window.open(url, OAUTH_POPUP.windowName, popupFeatures(currentWindowBox()));
}

export interface WatchedPopup {
  readonly closed: boolean;
  close: () => void;
}

export interface WatchPopupHandlers {
  /** The user (or the callback page) closed the popup; called reloadDelayMs later. */
  onClosed: () => void;
  /** timeoutMs passed with the popup still open; it has been closed already. */
  onTimeout: () => void;
}

/**
 * Watches a popup until it closes or times out. Returns a stop function (call it when the
 * page unmounts): it cancels the polling, the timeout and a pending onClosed.
 */
export function watchPopup(popup: WatchedPopup, handlers: WatchPopupHandlers): () => void {
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();

  function stopWatching() {
    clearInterval(poll);
  }

  const poll = setInterval(() => {
    if (popup.closed) {
      stopWatching();
      reloadTimer = setTimeout(handlers.onClosed, OAUTH_POPUP.reloadDelayMs);
      return;
    }
    if (Date.now() - started >= OAUTH_POPUP.timeoutMs) {
      stopWatching();
      popup.close();
      handlers.onTimeout();
    }
  }, OAUTH_POPUP.pollIntervalMs);

  return () => {
    stopWatching();
    clearTimeout(reloadTimer);
  };
}
