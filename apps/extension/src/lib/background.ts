// The service worker's decisions, with chrome.* passed in: who may hand over or clear the token
// or ask for a sync, the 6-hour timer, and one sync at a time.
import { isTokenShape } from './page-messages.ts';
import { readState } from './state.ts';
import { syncCookies, type SyncDeps, type SyncOutcome } from './sync.ts';

export const SYNC_ALARM = 'scrapper-cookie-sync';
/** Spec'd default: the cookies are synced again every 6 hours. */
export const SYNC_PERIOD_MINUTES = 6 * 60;

export interface AlarmApi {
  get(name: string): Promise<{ name: string } | undefined>;
  create(name: string, info: { delayInMinutes?: number; periodInMinutes?: number }): Promise<void>;
}

/** Makes the periodic sync alarm unless it exists (it survives service-worker restarts). */
export async function ensureSyncAlarm(alarms: AlarmApi): Promise<void> {
  if (await alarms.get(SYNC_ALARM)) return;
  await alarms.create(SYNC_ALARM, {
    delayInMinutes: SYNC_PERIOD_MINUTES,
    periodInMinutes: SYNC_PERIOD_MINUTES,
  });
}

export interface Sender {
  url?: string;
  origin?: string;
  tab?: unknown;
}

export interface BackgroundDeps extends SyncDeps {
  /** The Scrapper origins of the manifest. */
  connected: readonly string[];
  /** `chrome-extension://<id>`: the popup's pages start with it. */
  extensionOrigin: string;
}

/**
 * The messages: from the content script `{ kind: 'store-token', token, username }`,
 * `{ kind: 'clear-token' }` and `{ kind: 'sync' }` (a PageCommand) and `{ kind: 'status' }` (does
 * the extension hold a token for this page's origin: `{ ok, connected }`); from the popup
 * `{ kind: 'sync-now' }`. Anything else,
 * or from anyone else, is answered `{ ok: false }` and does nothing.
 */
export interface Background {
  onMessage(message: unknown, sender: Sender): Promise<SyncOutcome | { ok: boolean; connected?: boolean }>;
  onAlarm(alarm: { name: string }): Promise<SyncOutcome | null>;
}

export function createBackground(deps: BackgroundDeps): Background {
  let running: Promise<SyncOutcome> | null = null;
  // One sync at a time: a request while one runs gets that one's outcome.
  const sync = () => (running ??= syncCookies(deps).finally(() => (running = null)));

  return {
    async onMessage(message, sender) {
      const kind = (message as { kind?: unknown } | null)?.kind;
      // A content script's message comes from a tab, with the page's origin as the browser saw it.
      const page =
        sender.tab !== undefined &&
        sender.origin !== undefined &&
        deps.connected.includes(sender.origin)
          ? sender.origin
          : null;
      // The extension's own page (the popup, or popup.html opened in a tab): a web page cannot
      // message this extension at all, and a content script's sender URL is its page's.
      const fromPopup = (sender.url ?? '').startsWith(`${deps.extensionOrigin}/`);
      if (kind === 'store-token' && page) {
        const { token, username } = message as { token?: unknown; username?: unknown };
        if (!isTokenShape(token) || typeof username !== 'string' || username.length === 0)
          return { ok: false };
        await deps.store.set({ session: { token, username, origin: page }, lastError: null });
        return { ok: true };
      }
      if (kind === 'status' && page) {
        const { session } = await readState(deps.store);
        return { ok: true, connected: session?.origin === page };
      }
      if (kind === 'clear-token' && page) {
        const { session } = await readState(deps.store);
        if (session?.origin === page) await deps.store.remove('session');
        return { ok: true };
      }
      if ((kind === 'sync' && page) || (kind === 'sync-now' && fromPopup)) return sync();
      return { ok: false };
    },
    async onAlarm(alarm) {
      return alarm.name === SYNC_ALARM ? sync() : null;
    },
  };
}
