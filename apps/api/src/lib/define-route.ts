import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@scrapper/contracts/http';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import { ErrorResponseSchema } from '@scrapper/contracts/common';
import { z } from 'zod';
import { requireUser } from '../plugins/access.ts';

/**
 * The caller, on routes that need a session (the access plugin has checked it before the
 * handler runs); public routes get none. An endpoint whose access is not a literal gets none
 * either: only a route known to need a session is handed one.
 */
export type RouteUser<E extends Endpoint> = [E['access']] extends ['user' | 'admin'] ? SessionUser : undefined;

export interface RouteContext<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  user: RouteUser<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The body of a write that takes none, as the document says: nothing (Fastify hands `null` for
 * a request without one) or `{}` (what many HTTP clients send on a bare POST). Anything with
 * content is a 400, not silently ignored.
 */
const NO_BODY = z
  .unknown()
  .refine(
    (body) => body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0),
    'Permintaan ini tidak menerima body.',
  );

/**
 * Registers one endpoint of the contracts' map: its access level, and the zod schemas that
 * validate params, query, body and the response, all come from the contract.
 */
export function defineRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<EndpointResponse<E>>,
): void {
  const status = endpoint.successStatus ?? 200;
  const isPublic = endpoint.access === 'public';
  // A write without a body in its contract refuses one (multipart routes read theirs).
  const body = endpoint.body ?? (endpoint.method === 'GET' || endpoint.multipart ? undefined : NO_BODY);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(body ? { body } : {}),
      ...(isPublic ? {} : { security: [{ bearerAuth: [] }] }),
      response: {
        [status]: endpoint.response,
        '4XX': ErrorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        // TypeScript cannot narrow RouteUser<E> from the value of endpoint.access.
        user: (isPublic ? undefined : requireUser(request)) as RouteUser<E>,
        request,
        reply,
      });
      reply.code(status);
      return result;
    },
  });
}
