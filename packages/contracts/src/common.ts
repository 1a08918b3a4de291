import { z } from 'zod';

export const RoleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** Who may call an endpoint. Every registered route declares one. */
export const AccessSchema = z.enum(['public', 'user', 'admin']);
export type Access = z.infer<typeof AccessSchema>;

/** The body of every error response: `message` is readable and safe to show to the user. */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** An outside service's own words, shown folded under "Detail" beneath the message. */
  detail: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const UuidSchema = z.uuid({ message: 'ID tidak valid.' });

export const IdParamsSchema = z.object({ id: UuidSchema });
export type IdParams = z.infer<typeof IdParamsSchema>;

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

/** The most rows one page of any list may hold. */
export const MAX_PAGE_SIZE = 200;
/** Rows a list sends when the caller does not say. */
export const DEFAULT_PAGE_SIZE = 50;

/** A query number (`?offset=20`): a readable 400 for "abc", "-1" or "1.5", never NaN passed on. */
function pageNumber(name: string, min: number, max: number) {
  return z.coerce
    .number({ message: `${name} harus berupa angka.` })
    .int(`${name} harus bilangan bulat.`)
    .min(min, min === 0 ? `${name} tidak boleh negatif.` : `${name} minimal ${min}.`)
    .max(max, `${name} paling banyak ${max}.`);
}

/**
 * `offset` and `limit` of a paged list: every list endpoint pages, none answers more than
 * `limit` rows (default 50, at most 200). `maxLimit` for lists whose rows are small.
 */
export function pageQueryShape(maxLimit: number = MAX_PAGE_SIZE, defaultLimit: number = DEFAULT_PAGE_SIZE) {
  return {
    offset: pageNumber('offset', 0, 10_000_000).default(0),
    limit: pageNumber('limit', 1, maxLimit).default(defaultLimit),
  };
}
export const PageQuerySchema = z.object(pageQueryShape());
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** What every paged answer says about the rest: all matching rows, and whether more follow. */
export const PaginationSchema = z.object({ total: z.number().int().min(0), hasMore: z.boolean() });
export type Pagination = z.infer<typeof PaginationSchema>;

export function paginationOf(query: PageQuery, returned: number, total: number): Pagination {
  return { total, hasMore: query.offset + returned < total };
}
