// Facebook Login for Business: the dialog URL, the code exchange (a short-lived user token)
// and the exchange for a long-lived one (60 days).
import { PublishError } from '../publish-error.ts';
import { graphRequest, type MetaEndpoints } from './http.ts';

/** What publishing Reels to Pages and their Instagram professional accounts needs. */
export const META_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'instagram_basic',
  'instagram_content_publish',
  'business_management',
] as const;

export interface MetaAppCredentials {
  appId: string;
  appSecret: string;
  /** The product's `/api/publish/meta/auth/callback` address, as registered with Meta. */
  redirectUri: string;
}

export interface MetaUserToken {
  accessToken: string;
  /** null when Meta gave no expires_in. */
  expiresAt: Date | null;
}

/** The login dialog address the member's browser goes to. */
export function buildMetaAuthUrl(
  endpoints: Pick<MetaEndpoints, 'authUrl'>,
  app: Pick<MetaAppCredentials, 'appId' | 'redirectUri'>,
  state: string,
  options: { scopes?: readonly string[]; configId?: string } = {},
): string {
  const url = new URL(endpoints.authUrl);
  url.searchParams.set('client_id', app.appId);
  url.searchParams.set('redirect_uri', app.redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', (options.scopes ?? META_SCOPES).join(','));
  if (options.configId) url.searchParams.set('config_id', options.configId);
  return url.toString();
}

export type MetaCallback =
  | { ok: true; code: string; state: string }
  | { ok: false; error: string; reason: string | null; state: string | null };

/** What the dialog's redirect brought: a code, or why there is none (`user_denied`...). */
export function parseMetaCallback(query: URLSearchParams): MetaCallback {
  const code = query.get('code');
  const state = query.get('state');
  if (code && state) return { ok: true, code, state };
  return {
    ok: false,
    error: query.get('error') ?? (code ? 'missing_state' : 'missing_code'),
    reason: query.get('error_reason'),
    state,
  };
}

interface TokenAnswer {
  access_token?: string;
  expires_in?: number;
}

/** `GET /oauth/access_token` with these parameters, as a token with its expiry. */
async function tokenRequest(
  endpoints: MetaEndpoints,
  params: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<MetaUserToken> {
  const answer = await graphRequest<TokenAnswer>(endpoints, 'facebook', {
    method: 'GET',
    path: 'oauth/access_token',
    params,
    signal,
  });
  return tokenOf(answer);
}

function tokenOf(answer: TokenAnswer): MetaUserToken {
  if (!answer.access_token) {
    throw new PublishError('facebook', 'Meta answered no access_token', {
      status: 200,
      userMessage: 'Meta tidak mengirim token akses. Coba hubungkan akun lagi.',
    });
  }
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}

/** The dialog's code for a short-lived user token (code single-use, bound to redirect_uri). */
export async function exchangeMetaCode(
  endpoints: MetaEndpoints,
  app: MetaAppCredentials,
  code: string,
  signal?: AbortSignal,
): Promise<MetaUserToken> {
  return await tokenRequest(
    endpoints,
    {
      client_id: app.appId,
      client_secret: app.appSecret,
      redirect_uri: app.redirectUri,
      code,
    },
    signal,
  );
}

/** A short-lived user token for a long-lived one (about 60 days). */
export async function exchangeLongLivedToken(
  endpoints: MetaEndpoints,
  app: Pick<MetaAppCredentials, 'appId' | 'appSecret'>,
  shortLivedToken: string,
  signal?: AbortSignal,
): Promise<MetaUserToken> {
  return await tokenRequest(
    endpoints,
    {
      grant_type: 'fb_exchange_token',
      client_id: app.appId,
      client_secret: app.appSecret,
      fb_exchange_token: shortLivedToken,
    },
    signal,
  );
}
