// One Server-Sent Events stream (GET /api/events): a replay of what the caller missed (their
// Last-Event-ID), then every live event the process's hub hands over, a heartbeat comment every
// EVENTS_HEARTBEAT_S that also checks the session again, and an end when the session ends.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { RESYNC_EVENT, type LiveEvent, type LiveEventKind } from '@scrapper/contracts/http/events';
import type { Db } from '@scrapper/db/client';
import { findOldestEventId, listEventsAfter } from '@scrapper/db/queries/events';
import type { EventRow } from '@scrapper/db/schema';
import { mayReceive, type EventHub } from './event-hub.ts';
import { recheckSession } from './recheck-session.ts';

/** A replay longer than this is a resync: the screen refetches once instead. */
const MAX_REPLAY = 500;
/** Reconnect delay the browser's EventSource would use (our client has its own back-off). */
const RETRY_MS = 2000;

export interface EventStreamDeps {
  db: Db;
  hub: EventHub;
  jwtSecret: string;
  heartbeatMs: number;
}

function toLiveEvent(row: EventRow): LiveEvent {
  return { id: String(row.id), kind: row.kind as LiveEventKind, entityId: row.entityId };
}

function eventBlock(row: EventRow): string {
  return `id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify(toLiveEvent(row))}\n\n`;
}

/** The Last-Event-ID header a reconnect sends; anything but a plain id counts as none. */
function lastEventIdOf(request: FastifyRequest): number | null {
  const value = request.headers['last-event-id'];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,18}$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return Number.isSafeInteger(id) ? id : null;
}

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  // nginx (docker/): pass each event on at once instead of filling a buffer.
  'x-accel-buffering': 'no',
};

export async function openEventStream(request: FastifyRequest, reply: FastifyReply, user: SessionUser, deps: EventStreamDeps): Promise<void> {
  // HEAD has no body to stream (Node would hold its headers until the end): the headers, done.
  if (request.method === 'HEAD') {
    reply.hijack();
    reply.raw.writeHead(200, STREAM_HEADERS);
    reply.raw.end();
    return;
  }
  let viewer = { memberId: user.id, isAdmin: user.role === 'admin' };
  const raw = reply.raw;
  let closed = false;
  let replaying = true;
  const held: EventRow[] = [];
  const written = new Set<number>();

  function write(row: EventRow): void {
    if (closed || written.has(row.id) || !mayReceive(viewer, row)) return;
    written.add(row.id);
    // Ids already sent are remembered only as long as a replay and the live feed can overlap.
    if (written.size > 2 * MAX_REPLAY) written.clear();
    raw.write(eventBlock(row));
  }

  const timers: { heartbeat?: ReturnType<typeof setInterval> } = {};
  let unsubscribe = () => {};
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(timers.heartbeat);
    unsubscribe();
    raw.end();
  };
  raw.on('close', end);
  unsubscribe = await deps.hub.subscribe({
    viewer: () => viewer,
    deliver: (row) => {
      if (replaying) held.push(row);
      else write(row);
    },
    end,
  });
  // The caller left while the subscription was being made.
  if (closed) {
    unsubscribe();
    return;
  }
  // Only now the answer starts: a change written once the caller holds the stream is not lost
  // between its connect and the subscription (it waits in `held` during the replay).
  reply.hijack();
  raw.writeHead(200, STREAM_HEADERS);
  raw.write(`retry: ${RETRY_MS}\n: terhubung\n\n`);

  try {
    const lastEventId = lastEventIdOf(request);
    if (lastEventId !== null) {
      const oldest = await findOldestEventId(deps.db);
      const missed = oldest === null || oldest > lastEventId + 1 ? null : await listEventsAfter(deps.db, lastEventId, MAX_REPLAY + 1);
      if (missed === null || missed.length > MAX_REPLAY) {
        // More is gone than the server kept (or than is worth replaying): start over.
        if (!closed) raw.write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
      } else {
        for (const row of missed) write(row);
      }
    }
  } finally {
    replaying = false;
    for (const row of held.splice(0)) write(row);
  }

  timers.heartbeat = setInterval(() => {
    void (async () => {
      const now = await recheckSession(deps.db, deps.jwtSecret, request.headers.authorization).catch(() => 'unknown' as const);
      if (closed) return;
      if (now === null) {
        raw.write(`event: session-ended\ndata: {}\n\n`);
        end();
        return;
      }
      if (now !== 'unknown') viewer = { memberId: now.id, isAdmin: now.role === 'admin' };
      raw.write(': hb\n\n');
    })();
  }, deps.heartbeatMs);
}
