import type { FastifyInstance } from 'fastify';
import { endpoints } from '@scrapper/contracts/http';
import { defineRoute } from '../../lib/define-route.ts';
import { createEventHub } from '../../services/events/event-hub.ts';
import { openEventStream } from '../../services/events/open-event-stream.ts';
import type { AppDeps } from '../../app-deps.ts';

/** GET /api/events: the live updates of the caller (services/events). */
export function eventRoutes(app: FastifyInstance, { database, env }: AppDeps): void {
  const hub = createEventHub(database, app.log);
  // Open streams would hold the drain on shutdown until its grace ends: they end first (the
  // browser reconnects to another instance), and the LISTEN connection goes with them.
  app.addHook('preClose', async () => hub.close());
  defineRoute(app, endpoints.events.stream, async ({ request, reply, user }) => {
    await openEventStream(request, reply, user, {
      db: database.db,
      hub,
      jwtSecret: env.jwtSecret,
      heartbeatMs: env.eventsHeartbeatSeconds * 1000,
    });
    return '';
  });
}
