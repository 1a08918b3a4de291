// A repeating load that never overlaps itself: it runs at once, then `intervalMs` after each
// run has finished (a slow server is not asked again while it is still answering), until
// the signal aborts.

export interface PollOptions {
  run: (signal: AbortSignal) => Promise<void>;
  intervalMs: number;
  signal: AbortSignal;
}

export interface Poller {
  /** Run now (e.g. the panel was opened) and restart the wait from the end of that run. */
  now: () => void;
}

export function startPolling({ run, intervalMs, signal }: PollOptions): Poller {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

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
    timer = setTimeout(() => void tick(), intervalMs);
  }

  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  void tick();
  return { now: () => void tick() };
}
