import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * What a live event says changed (issue 34). The browser refetches through the REST routes;
 * an event carries no more than its kind and the id of the thing, never the thing itself.
 */
export const LIVE_EVENT_KINDS = [
  'scrape.task',
  'download',
  'batch',
  'upload',
  'publish',
  'automation.run',
  'notification',
  'tools',
] as const;
export const LiveEventKindSchema = z.enum(LIVE_EVENT_KINDS);
export type LiveEventKind = z.infer<typeof LiveEventKindSchema>;

/** The `data:` of an event of the stream (its `event:` is the kind, its `id:` the same id). */
export const LiveEventSchema = z.object({
  id: z.string().regex(/^\d+$/),
  kind: LiveEventKindSchema,
  entityId: z.string().nullable(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * The event that says "you missed more than the server keeps": refetch everything shown.
 * Sent instead of a replay when Last-Event-ID is older than the retention window (or unknown).
 */
export const RESYNC_EVENT = 'resync';
/** Seconds between heartbeat comments (`: hb`); the session is checked again on each. */
export const EVENTS_HEARTBEAT_SECONDS = 15;
/** How long the server keeps events for a reconnect's Last-Event-ID replay. */
export const EVENTS_RETENTION_SECONDS = 3600;

export const eventEndpoints = {
  stream: defineEndpoint({
    method: 'GET',
    path: '/api/events',
    access: 'user',
    summary:
      'Live updates for the caller (Server-Sent Events): one event per change of their scrape tasks, downloads and batches, uploads, publish posts, automation runs and notifications (admins: everyone’s, plus tool warnings). Each has an `id:`; send `Last-Event-ID` to get what was missed (within an hour), else a `resync` event. A heartbeat comment every 15 s; the stream ends when the session or token is revoked.',
    tags: ['events'],
    response: z.string(),
    produces: {
      contentTypes: ['text/event-stream'],
      description: 'A stream of `event: <kind>`, `id: <n>`, `data: {"id","kind","entityId"}` blocks and `: hb` comments.',
    },
  }),
};
