// One LISTEN per API process (issue 34): workers and every API process append events rows and
// NOTIFY their ids on `scrapper_events` (migration 0025, @scrapper/db/queries/events); this
// process reads the rows it is told about and hands each to the open streams that may see it:
// the member it belongs to, and every admin (admins reach every member's resources through the
// REST routes too). After the listen connection comes back (postgres.js re-listens by itself),
// the rows written meanwhile are read from the last id seen, so a dropped connection loses none.
import type { Database } from '@scrapper/db/client';
import { EVENTS_CHANNEL, findEvents, findNewestEventId, listEventsAfter } from '@scrapper/db/queries/events';
import type { EventRow } from '@scrapper/db/schema';

export interface EventSubscriber {
  /** Whose events: the member's own, and (admins) everyone's and the admin-only ones. */
  viewer(): { memberId: string; isAdmin: boolean };
  deliver(event: EventRow): void;
  /** Ends the stream (the process is shutting down). */
  end(): void;
}

export interface EventHub {
  /** Starts listening on first use; resolves once the LISTEN is in place. */
  subscribe(subscriber: EventSubscriber): Promise<() => void>;
  close(): Promise<void>;
}

export function mayReceive(viewer: { memberId: string; isAdmin: boolean }, event: Pick<EventRow, 'memberId'>): boolean {
  return viewer.isAdmin || (event.memberId !== null && event.memberId === viewer.memberId);
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

export function createEventHub(database: Database, log: Logger): EventHub {
  const subscribers = new Set<EventSubscriber>();
  let lastSeen = 0;
  let listening: Promise<{ unlisten: () => Promise<void> }> | undefined;
  let pending: number[] = [];
  let reading = Promise.resolve();

  // Ids handed out lately: a backfill after a reconnect may read some again. Not a cursor: ids
  // are taken when a row is written, not when it commits, so a lower one may come later.
  const delivered = new Set<number>();

  function fanOut(rows: EventRow[]): void {
    for (const row of rows) {
      if (delivered.has(row.id)) continue;
      if (delivered.size >= 10_000) delivered.clear();
      delivered.add(row.id);
      lastSeen = Math.max(lastSeen, row.id);
      for (const subscriber of subscribers) {
        if (mayReceive(subscriber.viewer(), row)) subscriber.deliver(row);
      }
    }
  }

  // Reads are chained so events go out in id order; ids that arrive together are read at once.
  function read(load: () => Promise<EventRow[]>): void {
    reading = reading
      .then(async () => fanOut(await load()))
      .catch((error: unknown) => log.warn({ err: error }, 'live events: reading events failed'));
  }

  function onNotify(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    pending.push(id);
    if (pending.length > 1) return;
    queueMicrotask(() => {
      const ids = pending;
      pending = [];
      read(() => findEvents(database.db, ids));
    });
  }

  let connectedOnce = false;
  function onListen(): void {
    // The first LISTEN starts from now; a later one (after a reconnect) backfills what it missed.
    if (!connectedOnce) {
      connectedOnce = true;
      return;
    }
    read(() => listEventsAfter(database.db, lastSeen));
  }

  async function start(): Promise<void> {
    listening ??= (async () => {
      lastSeen = await findNewestEventId(database.db);
      return database.sql.listen(EVENTS_CHANNEL, onNotify, onListen);
    })();
    try {
      await listening;
    } catch (error) {
      listening = undefined;
      throw error;
    }
  }

  return {
    async subscribe(subscriber) {
      await start();
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    async close() {
      for (const subscriber of [...subscribers]) subscriber.end();
      subscribers.clear();
      const current = listening;
      listening = undefined;
      if (current) await (await current).unlisten().catch(() => undefined);
    },
  };
}
