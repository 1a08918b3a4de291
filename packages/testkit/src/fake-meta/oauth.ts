// Facebook Login for Business: the login dialog (a consent page with Allow / Cancel), the code
// exchange at `/oauth/access_token` and the long-lived exchange (`grant_type=fb_exchange_token`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, sendJson } from '../fake-apify/http-io.ts';
import { escapeHtml, page, sendErrorPage, sendHtml } from '../fake-google/google-errors.ts';
import { sendGraphError } from './graph-io.ts';
import {
  ALL_SCOPES,
  randomToken,
  type FakeMetaAuthRequest,
  type FakeMetaState,
  type TokenGrant,
} from './state.ts';

/** Short-lived user tokens last about an hour or two; long-lived ones 60 days. */
export const SHORT_LIVED_SECS = 5_400;
export const LONG_LIVED_SECS = 60 * 86_400;
const CODE_LIFETIME_MS = 10 * 60_000;

export interface IssuedUserToken {
  accessToken: string;
  expiresIn: number;
}

export function issueUserToken(
  state: FakeMetaState,
  grant: { appId: string; userId: string; scopes: Iterable<string>; longLived: boolean },
): IssuedUserToken {
  const expiresIn = grant.longLived ? LONG_LIVED_SECS : SHORT_LIVED_SECS;
  const accessToken = randomToken('EAAfake');
  state.tokens.set(accessToken, {
    kind: 'user',
    appId: grant.appId,
    userId: grant.userId,
    pageId: undefined,
    scopes: new Set(grant.scopes),
    expiresAt: Date.now() + expiresIn * 1000,
    longLived: grant.longLived,
    dead: undefined,
  });
  return { accessToken, expiresIn };
}

/**
 * A Page token as /me/accounts hands it out: from a long-lived user token it never expires,
 * from a short-lived one it lives as long as that token.
 */
export function issuePageToken(state: FakeMetaState, user: TokenGrant, pageId: string): string {
  const token = randomToken('EAAfakePage');
  state.tokens.set(token, {
    ...user,
    kind: 'page',
    pageId,
    scopes: new Set(user.scopes),
    expiresAt: user.longLived ? undefined : user.expiresAt,
    dead: undefined,
  });
  return token;
}

/** `GET {authUrl}?client_id&redirect_uri&state&scope`: the consent page (or a redirect). */
export function handleDialog(
  state: FakeMetaState,
  url: URL,
  res: ServerResponse,
  approvePath: string,
): void {
  const query = url.searchParams;
  const request: FakeMetaAuthRequest = {
    id: randomToken(''),
    clientId: query.get('client_id') ?? '',
    redirectUri: query.get('redirect_uri') ?? '',
    state: query.get('state') ?? undefined,
    // Login for Business may name a configuration instead of scopes: it grants them all.
    scope: query.get('scope') ?? (query.get('config_id') ? ALL_SCOPES.join(',') : ''),
    userId: undefined,
    outcome: 'pending',
    error: undefined,
    at: new Date(),
  };
  state.authRequests.push(request);
  const app = state.apps.get(request.clientId);
  let refusal: string | undefined;
  if (!request.clientId || (state.apps.size > 0 && !app))
    refusal = 'Invalid App ID: The provided app ID does not look like a valid app ID.';
  else if (!isHttpUrl(request.redirectUri)) refusal = 'The redirect_uri is missing or not a URL.';
  else if (app?.redirectUris && !app.redirectUris.includes(request.redirectUri)) {
    refusal =
      "URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.";
  }
  const wanted = state.nextConsentUserId;
  state.nextConsentUserId = undefined;
  const user = wanted ? state.users.get(wanted) : state.users.values().next().value;
  if (!refusal && !user) refusal = 'The fake Meta has no user to log in: addUser first.';
  if (refusal || !user) {
    request.outcome = 'error';
    request.error = refusal;
    sendErrorPage(res, 400, 'invalid_request', refusal ?? '');
    return;
  }
  request.userId = user.id;
  if (state.autoApprove) {
    redirect(res, approve(state, request));
    return;
  }
  const scopes = request.scope
    .split(',')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');
  const pages = user.pages.map((p) => `<li>${escapeHtml(p.name)}</li>`).join('');
  const body = `
    <h1>Fake Facebook: continue as <span id="consent-user">${escapeHtml(user.name)}</span>?</h1>
    <p id="consent-client">App ${escapeHtml(request.clientId)} is requesting:</p>
    <ul>${scopes}</ul>
    <p>Pages:</p><ul id="consent-pages">${pages}</ul>
    <form method="post" action="${approvePath}">
      <input type="hidden" name="consent" value="${request.id}">
      <button id="consent-deny" type="submit" name="decision" value="deny">Cancel</button>
      <button id="consent-allow" type="submit" name="decision" value="allow">Continue</button>
    </form>`;
  sendHtml(res, 200, page('Fake Facebook Login', body));
}

/** The consent page's form (POST; GET with the same query works too). */
export async function handleApprove(
  state: FakeMetaState,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
): Promise<void> {
  let form = url.searchParams;
  if (req.method === 'POST') {
    const body = await readRequestBody(req, 64 * 1024);
    form = new URLSearchParams(typeof body.value === 'string' ? body.value : '');
  }
  const request = state.authRequests.find(
    (candidate) => candidate.id === form.get('consent') && candidate.outcome === 'pending',
  );
  if (!request) {
    sendErrorPage(res, 400, 'invalid_request', 'This login was already answered or never asked.');
    return;
  }
  if (form.get('decision') === 'deny') {
    request.outcome = 'denied';
    const target = new URL(request.redirectUri);
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('error_code', '200');
    target.searchParams.set('error_description', 'Permissions error');
    target.searchParams.set('error_reason', 'user_denied');
    if (request.state !== undefined) target.searchParams.set('state', request.state);
    redirect(res, target);
    return;
  }
  redirect(res, approve(state, request));
}

/** `GET /{v}/oauth/access_token`: a code for a short-lived token, or fb_exchange_token. */
export function handleAccessToken(state: FakeMetaState, url: URL, res: ServerResponse): void {
  const query = url.searchParams;
  const appId = query.get('client_id') ?? '';
  const app = state.apps.get(appId);
  if (!app && state.apps.size > 0) {
    sendGraphError(res, {
      message: 'Error validating application. Invalid application ID.',
      code: 101,
    });
    return;
  }
  if (app && app.appSecret !== query.get('client_secret')) {
    sendGraphError(res, { message: 'Error validating client secret.', code: 1 });
    return;
  }
  if (query.get('grant_type') === 'fb_exchange_token') {
    const short = state.tokens.get(query.get('fb_exchange_token') ?? '');
    if (
      !short ||
      short.kind !== 'user' ||
      short.appId !== appId ||
      short.dead !== undefined ||
      (short.expiresAt ?? Infinity) <= Date.now()
    ) {
      sendGraphError(res, {
        message: 'Error validating access token: The session is invalid.',
        code: 190,
        subcode: 463,
      });
      return;
    }
    sendTokens(res, issueUserToken(state, { ...short, longLived: true }));
    return;
  }
  const code = state.codes.get(query.get('code') ?? '');
  if (!code || code.appId !== appId || code.expiresAt <= Date.now()) {
    sendGraphError(res, {
      message: 'Invalid verification code format.',
      code: 100,
      subcode: 36007,
    });
    return;
  }
  if (code.used) {
    sendGraphError(res, {
      message: 'This authorization code has been used.',
      code: 100,
      subcode: 36009,
    });
    return;
  }
  code.used = true;
  if (query.get('redirect_uri') !== code.redirectUri) {
    sendGraphError(res, {
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      code: 100,
      subcode: 36008,
    });
    return;
  }
  sendTokens(res, issueUserToken(state, { ...code, longLived: false }));
}

function sendTokens(res: ServerResponse, issued: IssuedUserToken): void {
  sendJson(res, 200, {
    access_token: issued.accessToken,
    token_type: 'bearer',
    expires_in: issued.expiresIn,
  });
}

function approve(state: FakeMetaState, request: FakeMetaAuthRequest): URL {
  request.outcome = 'approved';
  const code = randomToken('AQfake');
  state.codes.set(code, {
    appId: request.clientId,
    userId: request.userId ?? '',
    redirectUri: request.redirectUri,
    scopes: new Set(
      request.scope
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    used: false,
    expiresAt: Date.now() + CODE_LIFETIME_MS,
  });
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', code);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  return target;
}

function redirect(res: ServerResponse, target: URL): void {
  res.writeHead(302, { location: target.toString(), 'content-length': '0' });
  res.end();
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}
