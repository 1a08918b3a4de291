// A repeating load that never overlaps itself: it runs at once, then `intervalMs` after each
// run has finished (a slow server is not asked again while it is still answering), until
// the signal aborts. Every polling hook (notifications, tool warnings, the admin panels, the
// upload history, running history rows) goes through it; a loop that follows one job to its
// end (a scrape task, a batch, a re-download) waits with `sleep` (lib/sleep.ts) between its requests, or with
// `waitForChange` (lib/events.ts) when live events can tell it.
//
// With `events`, the poller listens to the live stream instead while it is connected: a run on
// each event of those kinds (and on resync), no timer; when the stream is not connected, the
// interval as before. Nothing on screen says which: polling is the silent fallback.
// A poller that does not run at once (its data is fresh) is given the cursor its data was
// loaded at (`since`): an event heard after it runs it at once, so a change that came while
// the data was on its way is not lost (lib/events.ts).
import type { LiveEventKind } from '@scrapper/contracts/http/events';
import { liveEvents, type LiveEvents } from './events.ts';

export interface PollOptions {
  run: (signal: AbortSignal) => Promise<void>;
  /** The wait after each run; null: run only at start and on `now()`. */
  intervalMs: number | null;
  signal: AbortSignal;
  /** false: the first run waits one interval instead of starting at once. */
  immediate?: boolean;
  /** Live event kinds that mean this data changed (see above). */
  events?: readonly LiveEventKind[];
  /** The live cursor the data on screen was loaded at (lib/events.ts); see above. */
  since?: number;
  /** The stream to listen to (tests); the tab's own by default. */
  live?: LiveEvents;
}

export interface Poller {
  /** Run now (e.g. the panel was opened) and restart the wait from the end of that run. */
  now: () => void;
  /** A new wait; a wait under way starts over with it (a run under way is left to finish). */
  setIntervalMs: (intervalMs: number | null) => void;
  /** The live cursor at the start of the last run (`since` before the first): what a poller taking over is given. */
  since: () => number;
}

export function startPolling({ run, intervalMs, signal, immediate = true, events, since, live = liveEvents }: PollOptions): Poller {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let interval = intervalMs;
  const listens = events !== undefined && events.length > 0;
  let loadedAt = since ?? live.cursor();

  function schedule(): void {
    clearTimeout(timer);
    const pushed = listens && live.isConnected();
    timer = interval === null || pushed ? undefined : setTimeout(() => void tick(), interval);
  }

  async function tick(): Promise<void> {
    if (signal.aborted) return;
    clearTimeout(timer);
    timer = undefined;
    if (running) {
      // Asked while a run is under way: one more run right after it, not two at once.
      again = true;
      return;
    }
    running = true;
    loadedAt = live.cursor();
    try {
      await run(signal);
    } catch {
      // The run reports its own failures; polling goes on regardless.
    } finally {
      running = false;
    }
    if (signal.aborted) return;
    if (again) {
      again = false;
      void tick();
      return;
    }
    schedule();
  }

  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  if (listens && !signal.aborted) {
    const stopEvents = live.subscribe(events, () => void tick());
    const stopConnection = live.onConnectionChange((connected) => {
      // A first connection cannot replay what changed before it: load once. A reconnect gets
      // the missed events (or resync) from the server. Dropped: the timer takes over.
      if (connected && live.lastEventId() === null) void tick();
      else if (!running) schedule();
    });
    signal.addEventListener(
      'abort',
      () => {
        stopEvents();
        stopConnection();
      },
      { once: true },
    );
  }
  if (immediate || (listens && since !== undefined && live.changedSince(events, since))) void tick();
  else if (!signal.aborted) schedule();
  return {
    now: () => void tick(),
    setIntervalMs: (next) => {
      interval = next;
      if (!running && !signal.aborted) schedule();
    },
    since: () => loadedAt,
  };
}
