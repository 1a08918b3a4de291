import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, sendJson } from '../fake-apify/http-io.ts';
import { escapeHtml, page, sendErrorPage, sendHtml, sendOAuthError } from './google-errors.ts';
import {
  randomId,
  type AccessGrant,
  type FakeAuthRequest,
  type FakeGoogleState,
  type FakeOAuthClient,
  type Grant,
} from './state.ts';

export const AUTH_PATH = '/o/oauth2/v2/auth';
export const APPROVE_PATH = '/o/oauth2/approve';
export const TOKEN_PATH = '/token';

/** Authorization codes live ten minutes at Google. */
const CODE_LIFETIME_MS = 10 * 60_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | undefined;
  expiresIn: number;
  scope: string;
}

/** Mints an access token (and a refresh token when asked) for a grant. */
export function issueTokens(
  state: FakeGoogleState,
  grant: Grant,
  withRefreshToken: boolean,
): IssuedTokens {
  const accessToken = `ya29.fake-${randomId(40)}`;
  const expiresIn = state.accessTokenLifetimeSecs;
  state.accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + expiresIn * 1000 });
  let refreshToken: string | undefined;
  if (withRefreshToken) {
    refreshToken = `1//fake-${randomId(40)}`;
    state.refreshTokens.set(refreshToken, { ...grant, revoked: false });
  }
  return { accessToken, refreshToken, expiresIn, scope: grant.scope };
}

/**
 * `GET {oauthAuthUrl}`: checks the request like Google's account page does, records it, then
 * shows a one-button consent page (or, with autoApprove, redirects at once).
 */
export function handleAuthorize(state: FakeGoogleState, url: URL, res: ServerResponse): void {
  const query = url.searchParams;
  const request: FakeAuthRequest = {
    id: randomId(24),
    clientId: query.get('client_id') ?? '',
    redirectUri: query.get('redirect_uri') ?? '',
    state: query.get('state') ?? undefined,
    scope: query.get('scope') ?? '',
    accessType: query.get('access_type') ?? undefined,
    prompt: query.get('prompt') ?? undefined,
    includeGrantedScopes: query.get('include_granted_scopes') ?? undefined,
    responseType: query.get('response_type') ?? undefined,
    channelId: undefined,
    outcome: 'pending',
    error: undefined,
    at: new Date(),
  };
  state.authRequests.push(request);

  const refusal = refusalOf(state, request);
  if (refusal) {
    request.outcome = 'error';
    request.error = refusal.error;
    sendErrorPage(res, refusal.status, refusal.error, refusal.detail);
    return;
  }
  const channel = consentChannel(state);
  if (!channel) {
    request.outcome = 'error';
    request.error = 'no_channel';
    sendErrorPage(
      res,
      400,
      'no_channel',
      'The fake Google has no channel to grant: addChannel first.',
    );
    return;
  }
  request.channelId = channel.id;
  if (state.autoApprove) {
    redirectBack(res, approve(state, request));
    return;
  }
  const scopes = request.scope
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');
  const body = `
    <h1>Fake Google: sign in to continue</h1>
    <p id="consent-client">${escapeHtml(request.clientId)} wants to access the YouTube channel
      <strong id="consent-channel">${escapeHtml(channel.title)}</strong>:</p>
    <ul>${scopes}</ul>
    <form method="post" action="${APPROVE_PATH}">
      <input type="hidden" name="consent" value="${request.id}">
      <button id="consent-deny" type="submit" name="decision" value="deny">Cancel</button>
      <button id="consent-allow" type="submit" name="decision" value="allow">Allow</button>
    </form>`;
  sendHtml(res, 200, page('Fake Google consent', body));
}

/** `POST {origin}/o/oauth2/approve` (GET works too): the consent page's buttons. */
export async function handleApprove(
  state: FakeGoogleState,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
): Promise<void> {
  const form = await formOf(req, url);
  const request = state.authRequests.find(
    (candidate) => candidate.id === form.get('consent') && candidate.outcome === 'pending',
  );
  if (!request) {
    sendErrorPage(res, 400, 'invalid_request', 'This consent was already answered or never asked.');
    return;
  }
  if (form.get('decision') === 'deny') {
    request.outcome = 'denied';
    const target = new URL(request.redirectUri);
    target.searchParams.set('error', 'access_denied');
    if (request.state !== undefined) target.searchParams.set('state', request.state);
    redirectBack(res, target);
    return;
  }
  redirectBack(res, approve(state, request));
}

/** `POST {oauthTokenUrl}`: authorization_code and refresh_token grants, form-encoded. */
export async function handleToken(
  state: FakeGoogleState,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
): Promise<void> {
  const form = await formOf(req, url);
  const credentials = clientCredentials(req, form);
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') state.stats.codeExchanges += 1;
  if (grantType === 'refresh_token') state.stats.refreshes += 1;

  const client = state.clients.get(credentials.clientId);
  if (state.clients.size > 0) {
    if (!client) {
      sendOAuthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
      return;
    }
    if (client.clientSecret !== credentials.clientSecret) {
      sendOAuthError(res, 401, 'invalid_client', 'Unauthorized');
      return;
    }
  }

  if (grantType === 'authorization_code') {
    exchangeCode(state, form, credentials.clientId, res, client);
    return;
  }
  if (grantType === 'refresh_token') {
    refresh(state, form, credentials.clientId, res);
    return;
  }
  sendOAuthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
}

/** The access grant behind `Authorization: Bearer`, or the 401 reason. */
export function authenticate(
  state: FakeGoogleState,
  req: IncomingMessage,
): { grant: AccessGrant } | { error: string } {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const token = match?.[1];
  if (!token) return { error: 'missing' };
  const grant = state.accessTokens.get(token);
  if (!grant) return { error: 'unknown' };
  if (grant.expiresAt <= Date.now()) return { error: 'expired' };
  return { grant };
}

function exchangeCode(
  state: FakeGoogleState,
  form: URLSearchParams,
  clientId: string,
  res: ServerResponse,
  client: FakeOAuthClient | undefined,
): void {
  const code = state.codes.get(form.get('code') ?? '');
  // Google answers every unusable code alike: unknown, used, expired or someone else's.
  if (!code || code.used || code.expiresAt <= Date.now() || code.clientId !== clientId) {
    if (code) code.used = true;
    sendOAuthError(res, 400, 'invalid_grant', 'Bad Request');
    return;
  }
  code.used = true;
  if (form.get('redirect_uri') !== code.redirectUri) {
    sendOAuthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
    return;
  }
  if (client?.redirectUris && !client.redirectUris.includes(code.redirectUri)) {
    sendOAuthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
    return;
  }
  // A refresh token only for offline access, and (as at Google) only on a first consent or one
  // forced with prompt=consent.
  const pair = `${code.clientId} ${code.channelId}`;
  const firstConsent = !state.consented.has(pair);
  const forced = (code.prompt ?? '').split(' ').includes('consent');
  const withRefresh = code.accessType === 'offline' && (firstConsent || forced);
  state.consented.add(pair);
  const grant = { clientId: code.clientId, channelId: code.channelId, scope: code.scope };
  sendTokens(res, issueTokens(state, grant, withRefresh));
}

function refresh(
  state: FakeGoogleState,
  form: URLSearchParams,
  clientId: string,
  res: ServerResponse,
): void {
  const injected = state.pendingRefreshFailures.shift();
  const grant = state.refreshTokens.get(form.get('refresh_token') ?? '');
  if (injected !== undefined || !grant || grant.revoked) {
    sendOAuthError(res, 400, injected ?? 'invalid_grant', 'Token has been expired or revoked.');
    return;
  }
  if (grant.clientId !== clientId) {
    sendOAuthError(res, 401, 'unauthorized_client', 'Unauthorized');
    return;
  }
  // Google's refresh answer carries no refresh_token: the old one stays valid.
  const issued = issueTokens(state, grant, false);
  sendTokens(res, issued);
}

function sendTokens(res: ServerResponse, issued: ReturnType<typeof issueTokens>): void {
  sendJson(
    res,
    200,
    {
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
      scope: issued.scope,
      token_type: 'Bearer',
    },
    { 'cache-control': 'no-store' },
  );
}

function refusalOf(
  state: FakeGoogleState,
  request: FakeAuthRequest,
): { status: number; error: string; detail: string } | undefined {
  const client = state.clients.get(request.clientId);
  if (!request.clientId || (state.clients.size > 0 && !client)) {
    return { status: 401, error: 'invalid_client', detail: 'The OAuth client was not found.' };
  }
  if (request.responseType !== 'code') {
    return {
      status: 400,
      error: 'unsupported_response_type',
      detail: `Invalid response_type: ${request.responseType ?? ''}`,
    };
  }
  if (!isHttpUrl(request.redirectUri)) {
    return { status: 400, error: 'invalid_request', detail: 'Missing or invalid redirect_uri.' };
  }
  if (client?.redirectUris && !client.redirectUris.includes(request.redirectUri)) {
    return {
      status: 400,
      error: 'redirect_uri_mismatch',
      detail: `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${request.redirectUri}`,
    };
  }
  if (!request.scope.trim()) {
    return { status: 400, error: 'invalid_request', detail: 'Missing required parameter: scope' };
  }
  return undefined;
}

function consentChannel(state: FakeGoogleState) {
  const wanted = state.nextConsentChannelId;
  state.nextConsentChannelId = undefined;
  if (wanted !== undefined) return state.channels.get(wanted);
  return state.channels.values().next().value;
}

/** Marks the request approved and mints its single-use code; returns where to send the browser. */
function approve(state: FakeGoogleState, request: FakeAuthRequest): URL {
  request.outcome = 'approved';
  const code = `4/fake-${randomId(40)}`;
  state.codes.set(code, {
    clientId: request.clientId,
    channelId: request.channelId ?? '',
    scope: request.scope,
    redirectUri: request.redirectUri,
    accessType: request.accessType,
    prompt: request.prompt,
    used: false,
    expiresAt: Date.now() + CODE_LIFETIME_MS,
  });
  const target = new URL(request.redirectUri);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  target.searchParams.set('code', code);
  target.searchParams.set('scope', request.scope);
  return target;
}

function redirectBack(res: ServerResponse, target: URL): void {
  res.writeHead(302, { location: target.toString(), 'content-length': '0' });
  res.end();
}

/** The form of a POST (urlencoded body) or, for GETs, the query. */
async function formOf(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  if (req.method !== 'POST') return url.searchParams;
  const body = await readRequestBody(req, 64 * 1024);
  return new URLSearchParams(typeof body.value === 'string' ? body.value : '');
}

/** client_secret_post (google-auth-library's default) or client_secret_basic. */
function clientCredentials(
  req: IncomingMessage,
  form: URLSearchParams,
): { clientId: string; clientSecret: string } {
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString('utf8').split(':');
    return { clientId: decodeURIComponent(id), clientSecret: decodeURIComponent(secret) };
  }
  return { clientId: form.get('client_id') ?? '', clientSecret: form.get('client_secret') ?? '' };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
