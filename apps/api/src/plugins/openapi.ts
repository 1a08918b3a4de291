// The OpenAPI document of the routes and Swagger UI. The document is built from the contracts'
// map alone (packages/contracts/src/http): each route under /api is looked up there by method
// and path, and its operationId, summary, security, content types, multipart fields and error
// answers come from its Endpoint, so a route added to the map is documented without anyone
// writing OpenAPI by hand. A route under /api that is not in the map stops the document.
//
// OpenAPI 3.1: its schemas are JSON Schema 2020-12, which is what zod emits, so nullable
// fields are `type: [..., 'null']` / `anyOf` with `{type: 'null'}`, constructs AJV and every
// 3.1 tool compile (3.0's `nullable` needs a sibling `type`, which zod's unions lack).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { ErrorResponseSchema } from '@scrapper/contracts/common';
import { endpoints, errorStatusesOf, type Endpoint, type ErrorStatus } from '@scrapper/contracts/http';

export const DOCS_PREFIX = '/api/docs';

/** The document's own server entry; a served copy names the origin it was fetched from. */
const DEFAULT_SERVER_URL = 'http://localhost:3000';

type JsonObject = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

/** What each error status means here (the body is always ErrorResponse). */
const ERROR_MEANING: Record<ErrorStatus, string> = {
  400: 'The input is not valid (params, query or body); the message says which field.',
  401: 'No session, or one that ended: sign in again.',
  403: 'The caller may not do this (an admin-only route, or somebody else’s resource).',
  404: 'Nothing with this id (or it belongs to somebody else).',
  409: 'The request conflicts with the current state.',
  413: 'The body (or a file in it) is larger than allowed.',
  414: 'A path parameter is longer than the router accepts.',
  415: 'The body is of a content type this route does not read.',
  416: 'The Range header asks for bytes the file does not have.',
  422: 'The request is well-formed but cannot be carried out.',
  429: 'Too many requests: wait the seconds in Retry-After.',
  500: 'An unexpected fault (logged on the server).',
  502: 'An outside service answered with an error.',
  503: 'The database is out of reach, or the server is shutting down: try again shortly.',
  504: 'An outside service did not answer in time.',
  507: 'Storage is full: the file was not kept.',
};

/** Every endpoint of the map, by `METHOD /path/:param`. */
function endpointsByRoute(): Map<string, Endpoint> {
  const byRoute = new Map<string, Endpoint>();
  for (const group of Object.values(endpoints)) {
    for (const endpoint of Object.values(group) as Endpoint[]) byRoute.set(`${endpoint.method} ${endpoint.path}`, endpoint);
  }
  return byRoute;
}

const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  delete json.$schema;
  return json;
}

function multipartBody(endpoint: Endpoint): JsonObject | undefined {
  const form = endpoint.multipart;
  if (!form) return undefined;
  const fields = form.fields ? jsonSchemaOf(form.fields, 'input') : { type: 'object', properties: {} };
  const properties = { ...(fields.properties as JsonObject | undefined) };
  const required = [...((fields.required as string[] | undefined) ?? [])];
  const encoding: JsonObject = {};
  for (const [name, file] of Object.entries(form.files)) {
    properties[name] = { type: 'string', format: 'binary', description: file.description };
    if (file.required) required.push(name);
    if (file.contentTypes?.length) encoding[name] = { contentType: file.contentTypes.join(', ') };
  }
  const schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
  return {
    required: true,
    content: { 'multipart/form-data': { schema, ...(Object.keys(encoding).length ? { encoding } : {}) } },
  };
}

function successResponse(endpoint: Endpoint, converted: JsonObject | undefined): JsonObject {
  if (endpoint.produces) {
    const schema = { type: 'string', ...(endpoint.produces.contentTypes.some((t) => t.startsWith('text/')) ? {} : { format: 'binary' }) };
    return {
      description: endpoint.produces.description,
      content: Object.fromEntries(endpoint.produces.contentTypes.map((type) => [type, { schema }])),
    };
  }
  // @fastify/swagger has already wrapped the converted schema as { description, content }.
  return converted ?? { description: 'OK', content: { 'application/json': { schema: {} } } };
}

function describeAccess(endpoint: Endpoint): string {
  if (endpoint.bearerInHandler) return 'Needs `Authorization: Bearer` with a token this route checks itself (see the summary).';
  if (endpoint.access === 'admin') return 'Admins only: a bearer token of an admin (`x-required-role: admin`).';
  if (endpoint.access === 'user') return 'Needs a signed-in member: `Authorization: Bearer <token>`.';
  return 'Public: no token needed.';
}

/** Rewrites one operation from its contract (the converted schemas stay). */
function documentOperation(operation: JsonObject, endpoint: Endpoint): JsonObject {
  if (!endpoint.operationId) throw new Error(`${endpoint.method} ${endpoint.path} has no operationId: add it to the contracts' map`);
  const successStatus = String(endpoint.successStatus ?? 200);
  const converted = (operation.responses ?? {}) as Record<string, JsonObject>;
  const responses: Record<string, JsonObject> = { [successStatus]: successResponse(endpoint, converted[successStatus]) };
  if (endpoint.produces?.ranges) {
    responses['206'] = { ...responses[successStatus], description: 'The bytes a `Range` header asked for (Content-Range says which).' };
  }
  // Other statuses a route declares with a body of its own (readiness: 503 with its checks).
  for (const [status, response] of Object.entries(converted)) {
    if (status !== successStatus && /^\d{3}$/.test(status)) responses[status] = response;
  }
  const errorContent: JsonObject = { 'application/json': { schema: ERROR_REF } };
  if (endpoint.produces?.errorPages) for (const type of endpoint.produces.contentTypes) errorContent[type] = { schema: { type: 'string' } };
  for (const status of errorStatusesOf(endpoint)) {
    responses[String(status)] ??= { description: `${STATUS_CODES[status] ?? 'Error'}: ${ERROR_MEANING[status]}`, content: errorContent };
  }
  const result: JsonObject = {
    ...operation,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: describeAccess(endpoint),
    tags: endpoint.tags,
    security: endpoint.access === 'public' && !endpoint.bearerInHandler ? [] : [{ bearerAuth: [] }],
    responses,
  };
  const form = multipartBody(endpoint);
  if (form) result.requestBody = form;
  if (endpoint.access === 'admin') result['x-required-role'] = 'admin';
  return result;
}

/** The tags of the map, each described once at the top of the document. */
function documentTags(byRoute: Map<string, Endpoint>): Array<{ name: string; description: string }> {
  const names = new Set<string>();
  for (const endpoint of byRoute.values()) for (const tag of endpoint.tags) names.add(tag);
  return [...names].sort().map((name) => ({ name, description: `Operations about ${name}.` }));
}

/** The document as served: `servers` names the origin the caller reached (behind a proxy too). */
function servedDocument(document: JsonObject, request: FastifyRequest): JsonObject {
  return { ...document, servers: [{ url: `${request.protocol}://${request.host}`, description: 'This Scrapper server' }] };
}

export const openApiPlugin = fp(async (app) => {
  const byRoute = endpointsByRoute();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Scrapper API',
        version: '0.1.0',
        description:
          'The HTTP API of Scrapper. Every operation is generated from its zod contract. Errors always answer the ErrorResponse body.',
        contact: { name: 'The administrator of this Scrapper install' },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: DEFAULT_SERVER_URL, description: 'A local install (the served document names its own origin)' }],
      tags: documentTags(byRoute),
      // No document-wide `security`: each operation says its own (`[]` on public ones), so a
      // linter's security-defined rule catches an operation that forgot.
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token (the `token` of POST /api/auth/login, a JWT) or a personal API token (`scr_…`, made on the Token API page; a `read` token is for GET only).',
          },
        },
        schemas: { ErrorResponse: jsonSchemaOf(ErrorResponseSchema, 'output') as never },
      },
    },
    transform: (input) => {
      const method = [input.route.method].flat()[0] as string;
      if (input.schema?.hide) return { schema: { hide: true }, url: input.url };
      if (!isApiRoute(input.url)) return { schema: { hide: true }, url: input.url };
      const endpoint = byRoute.get(`${method} ${input.url}`);
      if (!endpoint) {
        throw new Error(`route ${method} ${input.url} is not in the contracts' map (packages/contracts/src/http/index.ts)`);
      }
      // A write without a body in its contract refuses one (define-route's NO_BODY): no requestBody.
      const schema = endpoint.body ? input.schema : { ...input.schema, body: undefined };
      return jsonSchemaTransform({ ...input, schema });
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('the document is OpenAPI 3.1, not Swagger 2');
      const { openapiObject } = documentObject;
      const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, JsonObject>>;
      for (const [path, item] of Object.entries(paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const endpoint = byRoute.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
          if (!endpoint) throw new Error(`${method.toUpperCase()} ${path} has no contract`);
          item[method] = documentOperation(operation, endpoint);
        }
      }
      return openapiObject;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Tags start collapsed: drawing every operation of the whole document on load took seconds
    // on a loaded two-core machine (the e2e check of the page under the CSP timed out on it).
    uiConfig: { docExpansion: 'none' },
    transformSpecification: (document, request) => servedDocument(document as JsonObject, request),
    // Swagger UI adds <style> elements as it renders: inline styles are allowed on its own
    // routes only, never for the web app.
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
});
