// Measures every request for /api/metrics: its duration by method, route pattern (never the raw
// URL, whose ids would make a series per row) and status class; and the event loop's delay.
import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import { Histogram } from '../services/system/prometheus-text.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the metrics plugin measures; rendered by GET /api/metrics. */
    metrics: { httpDurations: Histogram; eventLoopDelay: ELDHistogram };
  }
}

/** Requests that matched no route share one label, whatever URL they asked for. */
export const UNMATCHED_ROUTE = 'unmatched';

export const metricsPlugin = fp(async (app) => {
  const httpDurations = new Histogram(
    'http_request_duration_seconds',
    'HTTP request durations by method, route pattern and status class.',
  );
  const eventLoopDelay = monitorEventLoopDelay({ resolution: 20 });
  eventLoopDelay.enable();
  app.decorate('metrics', { httpDurations, eventLoopDelay });

  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onResponse', (request, reply, done) => {
    httpDurations.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onClose', async () => eventLoopDelay.disable());
});
