import type { z } from 'zod';
import type { Access } from '../common.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
