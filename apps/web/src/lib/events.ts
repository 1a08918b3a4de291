// The live updates of GET /api/events (issue 34), read with a streaming fetch (EventSource
// cannot send the Authorization header). One connection per tab while a member is signed in;
// polling hooks (lib/poll.ts) and wait loops (`waitForChange`) ask it whether it is connected:
// while it is, they load on the events of their kinds and do not poll; while it is not (not yet,
// dropped, a proxy that does not pass it), they poll as before, with no message on screen.
// A dropped stream comes back with Last-Event-ID and a growing back-off; the server replays what
// was missed, or sends `resync` and every subscriber loads again.
//
// A screen loads, then listens: an event that arrives while its request is on the way (or
// before its listener is in place) must not be lost, or the screen stays stale until the next
// event, which for a finished job never comes. So every listener takes a `cursor()` before it
// loads and asks `changedSince` (or passes `since` to `waitForChange` / `startPolling`): an
// event of its kinds after that cursor means load again at once.
import { RESYNC_EVENT, LiveEventSchema, type LiveEvent, type LiveEventKind } from '@scrapper/contracts/http/events';
import { apiUrl, authHeaders } from './api-request.ts';
import { sleep } from './sleep.ts';

/** What a subscriber hears: an event of one of its kinds, or `resync` (load everything again). */
export type LiveSignal = LiveEvent | { kind: typeof RESYNC_EVENT };

type Listener = (signal: LiveSignal) => void;

export interface LiveEventsDeps {
  fetch: typeof fetch;
  /** Waits before a reconnect (abortable). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Back-off after a failed or dropped connection: 1 s, 2 s, 4 s … at most 30 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

export interface LiveEvents {
  /** Opens the stream for this session's token (null: closes it). */
  setToken(token: string | null): void;
  isConnected(): boolean;
  /** The id of the last event received (what a reconnect sends as Last-Event-ID). */
  lastEventId(): string | null;
  /** A position in what this tab has heard: take it before a load (see above). */
  cursor(): number;
  /** Whether an event of `kinds` (or a resync, or a first connection) came after `since`. */
  changedSince(kinds: readonly LiveEventKind[], since: number): boolean;
  /** Events of `kinds` (and resync); returns the unsubscribe. */
  subscribe(kinds: readonly LiveEventKind[], listener: Listener): () => void;
  /** Called whenever the stream connects or drops. */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
}

interface Block {
  id?: string;
  event: string;
  data: string;
}

function parseBlock(text: string): Block | null {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  let hasField = false;
  for (const line of text.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else continue;
    hasField = true;
  }
  return hasField ? { id, event, data: data.join('\n') } : null;
}

export function createLiveEvents(deps: LiveEventsDeps): LiveEvents {
  const listeners = new Set<{ kinds: ReadonlySet<string>; listener: Listener }>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  let connected = false;
  let last: string | null = null;
  let controller: AbortController | null = null;
  let currentToken: string | null = null;
  // Cursors: one count of signals heard, the last count per kind and for everything at once.
  let heard = 0;
  let everythingAt = 0;
  const kindAt = new Map<string, number>();

  function setConnected(next: boolean): void {
    if (connected === next) return;
    connected = next;
    for (const listener of [...connectionListeners]) listener(next);
  }

  function dispatch(signal: LiveSignal): void {
    heard += 1;
    if (signal.kind === RESYNC_EVENT) everythingAt = heard;
    else kindAt.set(signal.kind, heard);
    for (const { kinds, listener } of [...listeners]) {
      if (signal.kind === RESYNC_EVENT || kinds.has(signal.kind)) listener(signal);
    }
  }

  function handle(block: Block): 'go-on' | 'stop' {
    if (block.id) last = block.id;
    if (block.event === RESYNC_EVENT) dispatch({ kind: RESYNC_EVENT });
    else if (block.event === 'session-ended') return 'stop';
    else {
      try {
        const parsed = LiveEventSchema.safeParse(JSON.parse(block.data));
        if (parsed.success) dispatch(parsed.data);
      } catch {
        // Not an event of ours: skipped.
      }
    }
    return 'go-on';
  }

  /** One connection: resolves when it ends; 'stop' when it must not be tried again. */
  async function connectOnce(token: string, signal: AbortSignal): Promise<'dropped' | 'stop' | 'failed'> {
    let response: Response;
    try {
      response = await deps.fetch(apiUrl('/api/events'), {
        headers: { Accept: 'text/event-stream', ...authHeaders(token), ...(last ? { 'Last-Event-ID': last } : {}) },
        signal,
        cache: 'no-store',
      });
    } catch {
      return 'failed';
    }
    // 401: the session is over; the app finds out on its next call and signs out.
    if (response.status === 401 || response.status === 403) return 'stop';
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body?.cancel().catch(() => undefined);
      return 'failed';
    }
    // A first connection replays nothing from before it: to a cursor, everything may have changed.
    if (last === null) everythingAt = heard += 1;
    setConnected(true);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'dropped';
        buffer += value.replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (block && handle(block) === 'stop') return 'stop';
        }
      }
    } catch {
      return 'dropped';
    } finally {
      setConnected(false);
      reader.cancel().catch(() => undefined);
    }
  }

  async function run(token: string, signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      const outcome = await connectOnce(token, signal);
      if (signal.aborted || outcome === 'stop') return;
      // A stream that was up and dropped tries again soon; repeated failures wait longer.
      failures = outcome === 'dropped' ? 1 : failures + 1;
      try {
        await deps.sleep(reconnectDelayMs(failures), signal);
      } catch {
        return;
      }
    }
  }

  return {
    setToken(token) {
      if (token === currentToken) return;
      currentToken = token;
      controller?.abort();
      controller = null;
      setConnected(false);
      last = null;
      if (!token) return;
      controller = new AbortController();
      void run(token, controller.signal);
    },
    isConnected: () => connected,
    lastEventId: () => last,
    cursor: () => heard,
    changedSince: (kinds, since) => everythingAt > since || kinds.some((kind) => (kindAt.get(kind) ?? 0) > since),
    subscribe(kinds, listener) {
      const entry = { kinds: new Set<string>(kinds), listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
  };
}

/** The tab's one stream (app/provider.tsx opens it for the session's token). */
export const liveEvents: LiveEvents = createLiveEvents({ fetch: (...args) => fetch(...args), sleep });

export interface WaitOptions {
  signal?: AbortSignal;
  /** The cursor taken before the data on screen was loaded: a change after it ends the wait at once. */
  since?: number;
  /** The stream (tests); the tab's own by default. */
  events?: LiveEvents;
}

/**
 * The wait of a loop that follows one job (a scrape task, a batch): while the stream is
 * connected, until an event of `kinds` (or the stream drops); otherwise `ms`, as before.
 * Either way none at all when an event of `kinds` came after `since`. Rejects with an
 * AbortError when `signal` aborts.
 */
export function waitForChange(kinds: readonly LiveEventKind[], ms: number, { signal, since, events = liveEvents }: WaitOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    if (since !== undefined && events.changedSince(kinds, since)) {
      resolve();
      return;
    }
    const cleanups: Array<() => void> = [];
    const done = (error?: unknown) => {
      for (const cleanup of cleanups) cleanup();
      if (error) reject(error);
      else resolve();
    };
    if (events.isConnected()) {
      cleanups.push(events.subscribe(kinds, () => done()));
      // Dropped while waiting: load now, and the next wait is the timed one.
      cleanups.push(events.onConnectionChange((up) => !up && done()));
    } else {
      const timer = setTimeout(() => done(), ms);
      cleanups.push(() => clearTimeout(timer));
      // Connected meanwhile: load now (what changed before cannot be replayed), then listen.
      cleanups.push(events.onConnectionChange((up) => up && done()));
    }
    const onAbort = () => done(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => signal?.removeEventListener('abort', onAbort));
  });
}

/**
 * The waits of a loop that loads, then waits for a change, then loads again (a scrape task, a
 * batch, a re-download): each wait ends at once when an event of `kinds` came after the load
 * before it started (the cursor is taken as each wait ends, right before the loop's load). The
 * first wait counts from `since` (the cursor before the first load), or from now.
 */
export function changeWaiter(kinds: readonly LiveEventKind[], { signal, since, events = liveEvents }: WaitOptions = {}): (ms: number) => Promise<void> {
  let from = since ?? events.cursor();
  return async (ms) => {
    await waitForChange(kinds, ms, { signal, since: from, events });
    from = events.cursor();
  };
}
