import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@scrapper/contracts/http';
import { ErrorResponseSchema } from '@scrapper/contracts/common';

export interface RouteContext<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

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
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
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
        request,
        reply,
      });
      reply.code(status);
      return result;
    },
  });
}
