import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeWaiter, createLiveEvents, reconnectDelayMs, waitForChange, type LiveEvents } from './events.ts';
import { startPolling } from './poll.ts';

/** A stream response the test writes to, as the server would. */
function sseResponse() {
  let push!: (text: string) => void;
  let end!: () => void;
  let fail!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
      fail = () => controller.error(new TypeError('network error'));
    },
  });
  const response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  return { response, push: (t: string) => push(t), end: () => end(), fail: () => fail() };
}

const event = (id: number, kind: string, entityId: string) =>
  `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify({ id: String(id), kind, entityId })}\n\n`;

/** Resolves once `condition` holds, letting the client's promises run in between. */
async function settle(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await vi.advanceTimersByTimeAsync(0);
  expect(condition()).toBe(true);
}

describe('live events client', () => {
  let live: LiveEvents;
  let streams: Array<ReturnType<typeof sseResponse>>;
  let requests: Array<{ headers: Record<string, string> }>;
  let answer: () => Response;

  beforeEach(() => {
    vi.useFakeTimers();
    streams = [];
    requests = [];
    answer = () => {
      const s = sseResponse();
      streams.push(s);
      return s.response;
    };
    live = createLiveEvents({
      fetch: async (_url, init) => {
        requests.push({ headers: { ...(init?.headers as Record<string, string>) } });
        return answer();
      },
      sleep: (ms, signal) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, ms);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new DOMException('Aborted', 'AbortError'));
          });
        }),
    });
  });
  afterEach(() => {
    live.setToken(null);
    vi.useRealTimers();
  });

  it('sends the token, hands each event to the subscribers of its kind, and reconnects with Last-Event-ID', async () => {
    const downloads: string[] = [];
    const notifications: string[] = [];
    live.subscribe(['download'], (e) => downloads.push('entityId' in e ? (e.entityId ?? '') : e.kind));
    live.subscribe(['notification'], (e) => notifications.push('entityId' in e ? (e.entityId ?? '') : e.kind));
    live.setToken('tkn');
    await settle(() => live.isConnected());
    expect(requests[0]?.headers.Authorization).toBe('Bearer tkn');
    expect(requests[0]?.headers['Last-Event-ID']).toBeUndefined();

    streams[0]?.push(': hb\n\n' + event(7, 'download', 'd1') + event(8, 'notification', 'n1'));
    await settle(() => notifications.length === 1);
    expect(downloads).toEqual(['d1']);
    expect(live.lastEventId()).toBe('8');

    // The connection drops: not connected (callers poll), then back after the back-off with the last id.
    streams[0]?.fail();
    await settle(() => !live.isConnected());
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1));
    await settle(() => live.isConnected());
    expect(requests[1]?.headers['Last-Event-ID']).toBe('8');

    // A resync reaches every subscriber.
    streams[1]?.push('event: resync\ndata: {}\n\n');
    await settle(() => downloads.includes('resync') && notifications.includes('resync'));
  });

  it('backs off longer after each failed attempt, and stops for good on 401', async () => {
    expect([1, 2, 3, 4, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 30_000]);
    answer = () => new Response('nope', { status: 502 });
    live.setToken('tkn');
    await settle(() => requests.length === 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => requests.length === 2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(2);
    answer = () => new Response(JSON.stringify({ message: 'x' }), { status: 401 });
    await vi.advanceTimersByTimeAsync(1);
    await settle(() => requests.length === 3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(requests).toHaveLength(3);
    expect(live.isConnected()).toBe(false);
  });

  it('a poller listens instead of polling while connected, and polls again when the stream drops', async () => {
    live.setToken('tkn');
    await settle(() => live.isConnected());
    streams[0]?.push(event(1, 'upload', 'u0'));
    await settle(() => live.lastEventId() === '1');

    const run = vi.fn(async () => {});
    const controller = new AbortController();
    startPolling({ run, intervalMs: 5000, signal: controller.signal, events: ['scrape.task'], live });
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);

    streams[0]?.push(event(2, 'upload', 'u1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    streams[0]?.push(event(3, 'scrape.task', 't1'));
    await settle(() => run.mock.calls.length === 2);

    // Dropped (and the reconnect fails): the interval takes over, silently.
    answer = () => new Response('down', { status: 503 });
    streams[0]?.fail();
    await settle(() => !live.isConnected());
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);
    controller.abort();
  });

  it('waitForChange waits for an event while connected, and the time given otherwise', async () => {
    let done = false;
    void waitForChange(['download'], 2000, { events: live }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2000);
    expect(done).toBe(true);

    // A timed wait ends when the stream connects (a first connection replays nothing).
    done = false;
    void waitForChange(['download'], 2000, { events: live }).then(() => (done = true));
    live.setToken('tkn');
    await settle(() => live.isConnected());
    expect(done).toBe(true);

    done = false;
    void waitForChange(['download'], 2000, { events: live }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(false);
    streams[0]?.push(event(4, 'download', 'd9'));
    await settle(() => done);
  });
  it('a change heard while a load was on its way is not lost: the wait after it ends at once', async () => {
    live.setToken('tkn');
    await settle(() => live.isConnected());
    // A first connection replays nothing: to a cursor from before it, everything may have changed.
    expect(live.changedSince(['download'], 0)).toBe(true);
    const before = live.cursor();
    expect(live.changedSince(['download'], before)).toBe(false);
    streams[0]?.push(event(5, 'upload', 'u1'));
    await settle(() => live.lastEventId() === '5');
    expect(live.changedSince(['download'], before)).toBe(false);
    expect(live.changedSince(['upload'], before)).toBe(true);

    // The loop: wait, load (the event comes while the load is on its way), wait again.
    const wait = changeWaiter(['download'], { events: live });
    let waits = 0;
    void wait(2000).then(() => (waits += 1));
    streams[0]?.push(event(6, 'download', 'd1'));
    await settle(() => waits === 1);
    streams[0]?.push(event(7, 'download', 'd1'));
    await settle(() => live.lastEventId() === '7');
    void wait(2000).then(() => (waits += 1));
    await settle(() => waits === 2);
    // Nothing new since that wait ended: the next one waits for an event.
    void wait(2000).then(() => (waits += 1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(waits).toBe(2);
    streams[0]?.push(event(8, 'download', 'd1'));
    await settle(() => waits === 3);

    // A poller that does not run at once runs when an event came after the cursor its data was loaded at.
    const run = vi.fn(async () => {});
    const controller = new AbortController();
    const loadedAt = live.cursor();
    streams[0]?.push(event(9, 'upload', 'u2'));
    await settle(() => live.lastEventId() === '9');
    startPolling({ run, intervalMs: 5000, signal: controller.signal, immediate: false, events: ['upload'], since: loadedAt, live });
    await settle(() => run.mock.calls.length === 1);
    const quiet = vi.fn(async () => {});
    startPolling({ run: quiet, intervalMs: 5000, signal: controller.signal, immediate: false, events: ['upload'], since: live.cursor(), live });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(quiet).not.toHaveBeenCalled();
    controller.abort();
  });
});
