import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, sendJson } from '../fake-apify/http-io.ts';
import { escapeHtml, page, sendErrorPage, sendHtml } from '../fake-google/google-errors.ts';
import {
  ACCESS_TOKEN_LIFETIME_SECS,
  logId,
  randomToken,
  REFRESH_TOKEN_LIFETIME_SECS,
  sendOAuthError,
  type FakeTikTokAuthRequest,
  type FakeTikTokState,
  type Grant,
} from './state.ts';

export const AUTH_PATH = '/v2/auth/authorize/';
export const CONSENT_PATH = '/v2/auth/authorize/consent/';
export const TOKEN_PATH = '/v2/oauth/token/';

const CODE_LIFETIME_MS = 10 * 60_000;

export interface FakeTikTokTokens {
  accessToken: string;
  refreshToken: string;
  openId: string;
  expiresIn: number;
  refreshExpiresIn: number;
  scope: string;
}

/** Mints an access token and a refresh token for a grant. */
export function issueTokens(state: FakeTikTokState, grant: Grant): FakeTikTokTokens {
  const accessToken = randomToken('act.');
  const refreshToken = randomToken('rft.');
  const now = Date.now();
  state.accessTokens.set(accessToken, {
    ...grant,
    expiresAt: now + ACCESS_TOKEN_LIFETIME_SECS * 1000,
  });
  state.refreshTokens.set(refreshToken, {
    ...grant,
    expiresAt: now + REFRESH_TOKEN_LIFETIME_SECS * 1000,
  });
  return {
    accessToken,
    refreshToken,
    openId: grant.openId,
    expiresIn: ACCESS_TOKEN_LIFETIME_SECS,
    refreshExpiresIn: REFRESH_TOKEN_LIFETIME_SECS,
    scope: grant.scopes.join(','),
  };
}

/** `GET /v2/auth/authorize/`: checks the request, then a consent page (or, autoApprove, the redirect). */
export function handleAuthorize(state: FakeTikTokState, url: URL, res: ServerResponse): void {
  const query = url.searchParams;
  const request: FakeTikTokAuthRequest = {
    id: randomToken('', 18),
    clientKey: query.get('client_key') ?? '',
    redirectUri: query.get('redirect_uri') ?? '',
    state: query.get('state') ?? undefined,
    scopes: (query.get('scope') ?? '')
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean),
    responseType: query.get('response_type') ?? undefined,
    openId: undefined,
    outcome: 'pending',
    error: undefined,
    at: new Date(),
  };
  state.authRequests.push(request);
  const refusal = refusalOf(state, request);
  if (refusal) {
    request.outcome = 'error';
    request.error = refusal.error;
    sendErrorPage(res, 400, refusal.error, refusal.detail);
    return;
  }
  const wanted = state.nextConsentOpenId;
  state.nextConsentOpenId = undefined;
  const account =
    wanted === undefined ? state.accounts.values().next().value : state.accounts.get(wanted);
  if (!account) {
    request.outcome = 'error';
    request.error = 'no_account';
    sendErrorPage(
      res,
      400,
      'no_account',
      'The fake TikTok has no account to grant: addAccount first.',
    );
    return;
  }
  request.openId = account.openId;
  if (state.autoApprove) {
    redirectBack(res, approve(state, request));
    return;
  }
  const scopes = request.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('');
  const body = `
    <h1>Fake TikTok: authorize the app</h1>
    <p id="consent-client">${escapeHtml(request.clientKey)} wants to access the TikTok account
      <strong id="consent-account">@${escapeHtml(account.username)}</strong>:</p>
    <ul>${scopes}</ul>
    <form method="post" action="${CONSENT_PATH}">
      <input type="hidden" name="consent" value="${request.id}">
      <button id="consent-deny" type="submit" name="decision" value="deny">Cancel</button>
      <button id="consent-allow" type="submit" name="decision" value="allow">Authorize</button>
    </form>`;
  sendHtml(res, 200, page('Fake TikTok consent', body));
}

/** `POST /v2/auth/authorize/consent/` (GET works too): the consent page's buttons. */
export async function handleConsent(
  state: FakeTikTokState,
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
  if (form.get('decision') !== 'allow') {
    request.outcome = 'denied';
    const target = new URL(request.redirectUri);
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_description', 'The user denied the authorization request.');
    if (request.state !== undefined) target.searchParams.set('state', request.state);
    redirectBack(res, target);
    return;
  }
  redirectBack(res, approve(state, request));
}

/** `POST /v2/oauth/token/`: authorization_code and refresh_token grants, form-encoded. */
export async function handleToken(
  state: FakeTikTokState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) {
    await readRequestBody(req, 64 * 1024);
    sendOAuthError(
      res,
      400,
      'invalid_request',
      'Content-Type must be application/x-www-form-urlencoded.',
    );
    return;
  }
  const body = await readRequestBody(req, 64 * 1024);
  const form = new URLSearchParams(typeof body.value === 'string' ? body.value : '');
  const clientKey = form.get('client_key') ?? '';
  const client = state.clients.get(clientKey);
  if (
    !clientKey ||
    (state.clients.size > 0 && client?.clientSecret !== form.get('client_secret'))
  ) {
    sendOAuthError(res, 401, 'invalid_client', 'Client key or secret is invalid.');
    return;
  }
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') {
    const code = state.codes.get(form.get('code') ?? '');
    if (!code || code.used || code.expiresAt <= Date.now() || code.clientKey !== clientKey) {
      if (code) code.used = true;
      sendOAuthError(res, 400, 'invalid_grant', 'Authorization code is expired or invalid.');
      return;
    }
    code.used = true;
    if (form.get('redirect_uri') !== code.redirectUri) {
      sendOAuthError(
        res,
        400,
        'invalid_request',
        'redirect_uri does not match the authorization request.',
      );
      return;
    }
    sendTokens(res, issueTokens(state, code));
    return;
  }
  if (grantType === 'refresh_token') {
    const token = form.get('refresh_token') ?? '';
    const grant = state.refreshTokens.get(token);
    if (!grant || grant.expiresAt <= Date.now() || grant.clientKey !== clientKey) {
      sendOAuthError(res, 400, 'invalid_grant', 'Refresh token is invalid or expired.');
      return;
    }
    // Rotation: the refresh token used is dead from now on; the answer carries a new one.
    state.refreshTokens.delete(token);
    sendTokens(res, issueTokens(state, grant));
    return;
  }
  sendOAuthError(res, 400, 'unsupported_grant_type', `Unsupported grant_type: ${grantType ?? ''}`);
}

/** The grant behind `Authorization: Bearer`, or undefined (unknown, expired or missing). */
export function authenticate(state: FakeTikTokState, req: IncomingMessage) {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const grant = token === undefined ? undefined : state.accessTokens.get(token);
  if (!token || !grant || grant.expiresAt <= Date.now()) return undefined;
  return { token, grant };
}

function sendTokens(res: ServerResponse, issued: FakeTikTokTokens): void {
  sendJson(
    res,
    200,
    {
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      open_id: issued.openId,
      refresh_expires_in: issued.refreshExpiresIn,
      refresh_token: issued.refreshToken,
      scope: issued.scope,
      token_type: 'Bearer',
      log_id: logId(),
    },
    { 'cache-control': 'no-store' },
  );
}

function refusalOf(
  state: FakeTikTokState,
  request: FakeTikTokAuthRequest,
): { error: string; detail: string } | undefined {
  const client = state.clients.get(request.clientKey);
  if (!request.clientKey || (state.clients.size > 0 && !client)) {
    return { error: 'invalid_client', detail: 'client_key is missing or not registered.' };
  }
  if (request.responseType !== 'code') {
    return { error: 'invalid_request', detail: 'response_type must be code.' };
  }
  if (!/^https?:\/\/[^/]/i.test(request.redirectUri)) {
    return { error: 'invalid_request', detail: 'redirect_uri is missing or invalid.' };
  }
  if (client?.redirectUris && !client.redirectUris.includes(request.redirectUri)) {
    return {
      error: 'redirect_uri',
      detail: `redirect_uri is not registered: ${request.redirectUri}`,
    };
  }
  if (request.scopes.length === 0) return { error: 'invalid_scope', detail: 'scope is missing.' };
  return undefined;
}

function approve(state: FakeTikTokState, request: FakeTikTokAuthRequest): URL {
  request.outcome = 'approved';
  const ticked = state.nextConsentScopes;
  state.nextConsentScopes = undefined;
  if (ticked) request.scopes = request.scopes.filter((scope) => ticked.includes(scope));
  const code = randomToken('code.', 24);
  state.codes.set(code, {
    clientKey: request.clientKey,
    openId: request.openId ?? '',
    scopes: request.scopes,
    redirectUri: request.redirectUri,
    used: false,
    expiresAt: Date.now() + CODE_LIFETIME_MS,
  });
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('scopes', request.scopes.join(','));
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  return target;
}

function redirectBack(res: ServerResponse, target: URL): void {
  res.writeHead(302, { location: target.toString(), 'content-length': '0' });
  res.end();
}

async function formOf(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  if (req.method !== 'POST') return url.searchParams;
  const body = await readRequestBody(req, 64 * 1024);
  return new URLSearchParams(typeof body.value === 'string' ? body.value : '');
}
