// 'Refresh Downloader' on the admin's actor tab tells the downloader to reload the actor
// configs (spec part 1, section 4). Two channels, so an open downloader hears it in this tab
// and in others: a timestamp under localStorage `actorConfigRefresh` (other tabs get a
// `storage` event) and a window event `scrapper:actor-configs-refresh` (this tab).

export const ACTOR_CONFIG_REFRESH_STORAGE_KEY = 'actorConfigRefresh';
export const ACTOR_CONFIG_REFRESH_EVENT = 'scrapper:actor-configs-refresh';

/** Sends the signal; returns the timestamp written. */
export function signalActorConfigRefresh(now: number = Date.now()): number {
  try {
    window.localStorage.setItem(ACTOR_CONFIG_REFRESH_STORAGE_KEY, String(now));
  } catch {
    // Storage full or blocked: the event below still reaches this tab.
  }
  window.dispatchEvent(new CustomEvent(ACTOR_CONFIG_REFRESH_EVENT, { detail: { at: now } }));
  return now;
}

/** Calls `listener` on every signal from this tab or another; returns the unsubscribe. */
export function onActorConfigRefresh(listener: () => void): () => void {
  function onStorage(event: StorageEvent) {
    if (event.key === ACTOR_CONFIG_REFRESH_STORAGE_KEY) listener();
  }
  window.addEventListener(ACTOR_CONFIG_REFRESH_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(ACTOR_CONFIG_REFRESH_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
