import type { z } from 'zod';
import type { Access } from '../common.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses an endpoint may answer (always with the one error body, ErrorResponseSchema). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 416 | 422 | 429 | 500 | 502 | 503 | 504 | 507;

/** A successful answer that is not JSON: its real content types (a file, a page, a zip). */
export interface Produces {
  contentTypes: readonly [string, ...string[]];
  description: string;
  /** A stored file sent with byte ranges: `Range` gets 206 with the part, or 416. */
  ranges?: boolean;
  /** A page for a browser (the OAuth popup): its errors are pages too, besides the JSON ones. */
  errorPages?: boolean;
}

/** A `multipart/form-data` body: its text fields (one zod object of strings) and its files. */
export interface MultipartBody {
  fields?: z.ZodType;
  files: Record<string, { description: string; required?: boolean; contentTypes?: readonly string[] }>;
}

/**
 * One HTTP endpoint: the API registers its route from this (validating params, query, body
 * and the response), and the web client derives its typed call from the same object, so a
 * change here breaks the build on both sides.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Full path with `:name` parameters, e.g. `/api/admin/users/:id`. */
  path: string;
  /** Kept as its literal (`'public'`, `'user'`, `'admin'`): the API hands a caller only to non-public routes. */
  access: A;
  summary: string;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status code of a successful response. */
  successStatus?: 200 | 201 | 202 | 204;
  /** When the answer is not JSON: the content types it is sent as (`response` is then unchecked). */
  produces?: Produces;
  /** When the body is a multipart form (read by the handler, not validated by the route). */
  multipart?: MultipartBody;
  /**
   * Error statuses this endpoint answers on its own (a conflict, a limit, an outside service).
   * Those every endpoint of its kind answers are added by `errorStatusesOf`: 400 for input,
   * 401 for sessions, 403 for admins, 404 for ids, 413/415 for bodies, 500/503 for all.
   */
  errors?: readonly ErrorStatus[];
  /**
   * A public route (to the access list) whose handler demands a bearer token of its own kind
   * (metrics: an admin's, or METRICS_TOKEN): documented with the bearer scheme, not as open.
   */
  bearerInHandler?: boolean;
  /**
   * The stable name of the operation in the OpenAPI document: `<group><Key>` of the endpoint
   * in the contracts' map (`scrapeStart`), set by `nameEndpoints`; never written by hand.
   */
  operationId?: string;
}

export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
>(endpoint: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return endpoint;
}

/** Gives every endpoint of the map its operationId (`group` + `Key`); two alike fail at load. */
export function nameEndpoints<M extends Record<string, Record<string, Endpoint>>>(map: M): M {
  const seen = new Map<string, string>();
  for (const [group, members] of Object.entries(map)) {
    for (const [key, endpoint] of Object.entries(members)) {
      const id = `${group}${key.charAt(0).toUpperCase()}${key.slice(1)}`;
      const route = `${endpoint.method} ${endpoint.path}`;
      if (endpoint.operationId !== undefined && endpoint.operationId !== id) {
        throw new Error(`endpoint ${route} is named twice in the contracts' map (${endpoint.operationId}, ${id})`);
      }
      const other = seen.get(id);
      if (other !== undefined) throw new Error(`operationId ${id} names both ${other} and ${route}`);
      seen.set(id, route);
      endpoint.operationId = id;
    }
  }
  return map;
}

/**
 * Every error status an endpoint can answer, sorted: its own (`errors`) and those that follow
 * from its shape. The OpenAPI document lists exactly these; the test harness fails an answer
 * with any other.
 */
export function errorStatusesOf(endpoint: Endpoint): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? []);
  const hasBody = endpoint.method !== 'GET';
  // Input that fails its schema; any body that does not parse.
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.multipart || hasBody) statuses.add(400);
  if (endpoint.access !== 'public' || endpoint.bearerInHandler) statuses.add(401);
  if (endpoint.access === 'admin') statuses.add(403);
  // A personal API token (issue 21 item 2, plugins/access.ts) reaches every route its owner may
  // call (and /api/metrics, which checks its bearer itself): over its per-minute limit it gets
  // 429 anywhere, a read-only token 403 on a write, and the browser extension's token (scope
  // `cookies`) 403 everywhere but the member's own cookie routes.
  if (endpoint.access !== 'public' || endpoint.bearerInHandler) {
    statuses.add(429);
    statuses.add(403);
  }
  // A path id that names nothing; one longer than the router takes.
  if (endpoint.params) {
    statuses.add(404);
    statuses.add(414);
  }
  // A body over the size limit, or of a type the route does not read.
  if (hasBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (endpoint.produces?.ranges) statuses.add(416);
  // Any route: an unexpected fault; the database out of reach (or the server shutting down).
  statuses.add(500);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

type SchemaOf<T> = Exclude<T, undefined>;
type IsAbsent<T> = [SchemaOf<T>] extends [never] ? true : false;
type Out<T> = IsAbsent<T> extends true ? undefined : SchemaOf<T> extends z.ZodType ? z.infer<SchemaOf<T>> : undefined;
type In<T> = SchemaOf<T> extends z.ZodType ? z.input<SchemaOf<T>> : never;

export type EndpointParams<E extends Endpoint> = Out<E['params']>;
export type EndpointQuery<E extends Endpoint> = Out<E['query']>;
export type EndpointBody<E extends Endpoint> = Out<E['body']>;
export type EndpointResponse<E extends Endpoint> = z.infer<E['response']>;

/** What a caller passes: the input side of each schema (defaults may be left out). */
export type EndpointInput<E extends Endpoint> = (IsAbsent<E['params']> extends true
  ? { params?: undefined }
  : { params: In<E['params']> }) &
  (IsAbsent<E['query']> extends true ? { query?: undefined } : { query?: In<E['query']> }) &
  (IsAbsent<E['body']> extends true ? { body?: undefined } : { body: In<E['body']> });

/** Fills `:name` segments of a path from params, encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
