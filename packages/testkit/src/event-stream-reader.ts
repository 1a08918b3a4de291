// Reads a Server-Sent Events stream (GET /api/events) in tests: fetch with headers (EventSource
// cannot send Authorization), parse the blocks, and wait for the event a test expects.

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface EventStreamReader {
  status: number;
  contentType: string | null;
  /** Every event received so far (comments not included). */
  events: StreamEvent[];
  /** Heartbeat and other comment lines received so far. */
  comments: string[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (e: StreamEvent) => boolean, what: string, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves once `condition` holds (checked on every block received). */
  until(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStreamReader> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };

  async function pump(): Promise<void> {
    if (!res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await res.body?.cancel();
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('event:')) {
              event = line.slice(6).trim();
              isEvent = true;
            } else if (line.startsWith('data:')) {
              data.push(line.slice(5).trim());
              isEvent = true;
            }
          }
          if (isEvent) events.push({ id, event, data: data.join('\n') });
          wake();
        }
      }
    } catch {
      // aborted by close()
    }
    wake();
  }
  const ended = pump();

  function until<T>(find: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no event: ${what} (got ${JSON.stringify(events)})`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    events,
    comments,
    ended,
    next(match, what, timeoutMs) {
      return until(() => events.find(match), what, timeoutMs);
    },
    until(condition, what, timeoutMs) {
      return until(() => (condition() ? true : undefined), what, timeoutMs).then(() => undefined);
    },
    close: () => controller.abort(),
  };
}
