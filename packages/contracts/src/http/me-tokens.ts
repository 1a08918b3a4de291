// Personal API tokens (issue 21 item 2): a member makes a token on the "Token API" page and
// calls the API with `Authorization: Bearer scr_…` from scripts and tools (n8n, cron). The
// token is answered once and stored only as a hash. Managing tokens needs a browser session:
// a token cannot create, list or revoke tokens (a leaked token must not be able to mint a
// longer-lived or stronger one), and admins list and revoke any member's tokens.
import { z } from 'zod';
import { IdParamsSchema, IsoDateTimeSchema, pageQueryShape, PaginationSchema, UuidSchema } from '../common.ts';
import { authEndpoints } from './auth.ts';
import { dataDeletionEndpoints } from './data-deletion.ts';
import { mediaEndpoints } from './media.ts';
import { meCookieEndpoints } from './me-cookies.ts';
import { meProfileEndpoints } from './me-profile.ts';
import { userEndpoints } from './users.ts';
import { youtubeEndpoints } from './youtube.ts';
import { defineEndpoint } from './endpoint.ts';

/** Every personal token starts with this, so a scanner (and the API) can tell it from a session. */
export const API_TOKEN_PREFIX = 'scr_';
export const API_TOKEN_NAME_MAX = 100;
/** Live tokens (not revoked, not expired) one member may hold at a time. */
export const MAX_API_TOKENS_PER_MEMBER = 20;
/** Requests one token may make per minute unless the operator sets API_TOKEN_RATE_LIMIT_PER_MINUTE. */
export const DEFAULT_API_TOKEN_RATE_LIMIT_PER_MINUTE = 600;

/**
 * What a token may do: `read` (GETs), `write` (everything a member may), and `cookies`: the
 * browser extension's token, limited to the member's own cookie routes (EXTENSION_TOKEN_ROUTES).
 * A `cookies` token is only made by `POST /api/me/extension-token`, never by the Token API page.
 */
export const ApiTokenScopeSchema = z.enum(['read', 'write', 'cookies']);
export type ApiTokenScope = z.infer<typeof ApiTokenScopeSchema>;

/** The scopes a member picks on the Token API page. */
export const CreatableApiTokenScopeSchema = z.enum(['read', 'write'], {
  message: "Scope token harus 'read' (hanya membaca) atau 'write' (membaca dan mengubah).",
});

/** Name of every token the extension is given (shown on the Ekstensi and Token API pages). */
export const EXTENSION_TOKEN_NAME = 'Ekstensi browser';
/** Live extension tokens one member may hold (one per browser); making one more revokes the oldest. */
export const MAX_EXTENSION_TOKENS_PER_MEMBER = 3;
/** How long an extension token works unless the member connects again sooner (a new login). */
export const EXTENSION_TOKEN_DAYS = 30;

export const CreateApiTokenBodySchema = z.strictObject({
  name: z
    .string({ message: 'Nama token wajib diisi.' })
    .trim()
    .min(1, 'Nama token wajib diisi.')
    .max(API_TOKEN_NAME_MAX, `Nama token maksimal ${API_TOKEN_NAME_MAX} karakter.`),
  scope: CreatableApiTokenScopeSchema,
  /** When the token stops working; absent or null: it works until revoked. */
  expiresAt: z
    .iso.datetime({ offset: true, message: 'Tanggal kedaluwarsa tidak valid (format ISO 8601).' })
    .refine((value) => Date.parse(value) > Date.now(), 'Tanggal kedaluwarsa harus di masa depan.')
    .nullable()
    .optional(),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

export const ApiTokenSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  scope: ApiTokenScopeSchema,
  /** The first characters of the token (`scr_AbCd…`): enough to recognise it, useless to use it. */
  prefix: z.string(),
  createdAt: IsoDateTimeSchema,
  lastUsedAt: IsoDateTimeSchema.nullable(),
  expiresAt: IsoDateTimeSchema.nullable(),
  /** Past its expiry: refused with 401 (it stays listed until it is revoked). */
  expired: z.boolean(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreateApiTokenResponseSchema = z.object({
  token: ApiTokenSchema,
  /** The whole token, answered this once: only its hash is stored. */
  secret: z.string().startsWith(API_TOKEN_PREFIX),
});
export type CreateApiTokenResponse = z.infer<typeof CreateApiTokenResponseSchema>;

export const ListApiTokensQuerySchema = z.object({
  ...pageQueryShape(100, 100),
  /** Only tokens of this scope (the Ekstensi page lists `cookies`). */
  scope: z.enum(['read', 'write', 'cookies'], { message: "Scope harus 'read', 'write' atau 'cookies'." }).optional(),
});
export const ListApiTokensResponseSchema = z.object({
  tokens: z.array(ApiTokenSchema),
  pagination: PaginationSchema,
});

export const AdminApiTokenSchema = ApiTokenSchema.extend({
  owner: z.object({ id: UuidSchema, username: z.string() }),
});
export type AdminApiToken = z.infer<typeof AdminApiTokenSchema>;

export const AdminListApiTokensQuerySchema = z.object({
  ...pageQueryShape(),
  /** Only this member's tokens. */
  userId: UuidSchema.optional(),
});
export const AdminListApiTokensResponseSchema = z.object({
  tokens: z.array(AdminApiTokenSchema),
  pagination: PaginationSchema,
});

export const RevokeApiTokenResponseSchema = z.object({ id: UuidSchema, revokedAt: IsoDateTimeSchema });

export const meTokenEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/me/tokens',
    access: 'user',
    summary: "The caller's own live API tokens, newest first (never the secret). Browser session only.",
    tags: ['tokens'],
    errors: [403],
    query: ListApiTokensQuerySchema,
    response: ListApiTokensResponseSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/me/tokens',
    access: 'user',
    summary: `Create a personal API token; the secret (${API_TOKEN_PREFIX}…) is answered this once. At most ${MAX_API_TOKENS_PER_MEMBER} live tokens (409). Browser session only.`,
    tags: ['tokens'],
    errors: [403, 409],
    body: CreateApiTokenBodySchema,
    response: CreateApiTokenResponseSchema,
    successStatus: 201,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/tokens/:id',
    access: 'user',
    summary: "Revoke one of the caller's own tokens: refused with 401 from the next request on. Browser session only.",
    tags: ['tokens'],
    params: IdParamsSchema,
    response: RevokeApiTokenResponseSchema,
  }),
  createExtensionToken: defineEndpoint({
    method: 'POST',
    path: '/api/me/extension-token',
    access: 'user',
    summary: `The browser extension's token for this member: scope 'cookies' (only the member's own cookie routes), valid ${EXTENSION_TOKEN_DAYS} days, answered once. The web app asks for it when the extension announces itself; at most ${MAX_EXTENSION_TOKENS_PER_MEMBER} live (the oldest is revoked). Browser session only.`,
    tags: ['tokens'],
    errors: [403],
    response: CreateApiTokenResponseSchema.extend({ username: z.string() }),
    successStatus: 201,
  }),
  adminList: defineEndpoint({
    method: 'GET',
    path: '/api/admin/tokens',
    access: 'admin',
    summary: "Every member's live API tokens (or one member's), newest first. Browser session only.",
    tags: ['tokens'],
    query: AdminListApiTokensQuerySchema,
    response: AdminListApiTokensResponseSchema,
  }),
  adminRevoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/tokens/:id',
    access: 'admin',
    summary: "Revoke any member's token. Browser session only.",
    tags: ['tokens'],
    params: IdParamsSchema,
    response: RevokeApiTokenResponseSchema,
  }),
};

/**
 * Routes a personal token may not call, whatever its scope (`METHOD path`): everything that
 * creates credentials or changes a password or role. Managing tokens; the caller's password
 * (its answer is a fresh session, which a token must not be able to mint); and the admin's
 * user routes, which make accounts (an admin that would outlive the token's revocation) and
 * set passwords and roles (the token's own owner's included). The member's email (the address
 * a deletion request is matched to an account by) and the one-step removal of a member from a
 * deletion request (an account deleted) are the same kind. The access plugin answers 403 to a
 * token on these.
 */
export const SESSION_ONLY_ROUTES: ReadonlySet<string> = new Set(
  [
    ...Object.values(meTokenEndpoints),
    authEndpoints.changePassword,
    userEndpoints.create,
    userEndpoints.update,
    meProfileEndpoints.update,
    dataDeletionEndpoints.removeMember,
  ].map(
    (e) => `${e.method} ${e.path}`,
  ),
);

/**
 * The only routes a `cookies` token (the browser extension's) may call: the member's own cookie
 * list, save and delete. Anything else answers 403.
 */
export const EXTENSION_TOKEN_ROUTES: ReadonlySet<string> = new Set(
  [meCookieEndpoints.list, meCookieEndpoints.put, meCookieEndpoints.remove].map((e) => `${e.method} ${e.path}`),
);

/**
 * GET routes that write or start outside work (docs/security.md lists the sweep): starting a
 * YouTube connection stores OAuth state; a preview or a download of an item not yet on the
 * server makes a download row and runs yt-dlp. A `read` token is refused on them (403) like
 * on any other write; finished files stay readable through the history's and files' routes.
 */
export const WRITING_GET_ROUTES: ReadonlySet<string> = new Set(
  [youtubeEndpoints.authUrl, mediaEndpoints.preview, mediaEndpoints.download].map((e) => `${e.method} ${e.path}`),
);
