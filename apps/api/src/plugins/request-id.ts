// The request id (issue 15): taken from X-Request-Id when a proxy or client sends a plain one,
// else a new UUID (app.ts, genRequestId); sent back as X-Request-Id; and the request's handlers
// run inside it (runWithRequestId), so every job they enqueue carries it to the worker, whose
// log lines of that job then carry the same id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { REQUEST_ID_PATTERN } from '@scrapper/contracts/rules/log-redaction';
import { runWithRequestId } from '@scrapper/db/queue';

export const REQUEST_ID_HEADER = 'x-request-id';

export function genRequestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

export const requestIdPlugin = fp(async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Fastify goes on to the next hooks and the handler from inside done(): all of it, and what
    // it awaits, runs in this request's scope.
    runWithRequestId(request.id, done);
  });
});
