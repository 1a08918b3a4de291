import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { BadRequestError } from '../fake-apify/http-io.ts';
import { sendErrorPage } from '../fake-google/google-errors.ts';
import { drain } from '../fake-google/video-resource.ts';
import {
  authenticate,
  AUTH_PATH,
  CONSENT_PATH,
  handleAuthorize,
  handleConsent,
  handleToken,
  issueTokens,
  TOKEN_PATH,
} from './oauth.ts';
import {
  advance,
  creatorInfo,
  finish,
  initPost,
  statusFetch,
  userInfo,
  type ApiContext,
} from './posting.ts';
import {
  DEFAULT_RULES,
  sendApiError,
  sendOAuthError,
  takeFault,
  type FakeTikTokAccount,
  type FakeTikTokAccountInput,
  type FakeTikTokEndpoint,
  type FakeTikTokFault,
  type FakeTikTokPost,
  type FakeTikTokRequest,
  type FakeTikTokRules,
  type FakeTikTokState,
} from './state.ts';
import { putChunk, UPLOAD_PATH } from './upload.ts';
import type { FakeTikTok, FakeTikTokOptions } from './fake-tiktok.ts';

export type {
  FakeTikTokAccount,
  FakeTikTokAccountInput,
  FakeTikTokAuthRequest,
  FakeTikTokClient,
  FakeTikTokEndpoint,
  FakeTikTokFault,
  FakeTikTokPost,
  FakeTikTokPostStatus,
  FakeTikTokPut,
  FakeTikTokRequest,
  FakeTikTokRules,
} from './state.ts';
export type { FakeTikTokTokens } from './oauth.ts';
export type { FakeTikTok, FakeTikTokOptions } from './fake-tiktok.ts';

const DEFAULT_ACCOUNT: FakeTikTokAccountInput = {
  username: 'fake.creator',
  displayName: 'Fake Creator',
};
const DEFAULT_SCOPES = ['user.info.basic', 'user.info.profile', 'video.upload', 'video.publish'];

type Route = { method: string; path: string; endpoint: FakeTikTokEndpoint; scopes?: string[] };

const ROUTES: Route[] = [
  { method: 'GET', path: AUTH_PATH, endpoint: 'oauth.authorize' },
  { method: 'POST', path: CONSENT_PATH, endpoint: 'oauth.consent' },
  { method: 'GET', path: CONSENT_PATH, endpoint: 'oauth.consent' },
  { method: 'POST', path: TOKEN_PATH, endpoint: 'oauth.token' },
  { method: 'GET', path: '/v2/user/info/', endpoint: 'user.info', scopes: ['user.info.basic'] },
  {
    method: 'POST',
    path: '/v2/post/publish/creator_info/query/',
    endpoint: 'post.creatorInfo',
    scopes: ['video.publish'],
  },
  {
    method: 'POST',
    path: '/v2/post/publish/video/init/',
    endpoint: 'post.videoInit',
    scopes: ['video.publish'],
  },
  {
    method: 'POST',
    path: '/v2/post/publish/inbox/video/init/',
    endpoint: 'post.inboxVideoInit',
    scopes: ['video.upload'],
  },
  { method: 'PUT', path: UPLOAD_PATH, endpoint: 'post.upload' },
  {
    method: 'POST',
    path: '/v2/post/publish/status/fetch/',
    endpoint: 'post.statusFetch',
    scopes: ['video.upload', 'video.publish'],
  },
];

/** TikTok's Login Kit v2 and Content Posting API on one HTTP server on 127.0.0.1. */
export async function startFakeTikTok(options: FakeTikTokOptions = {}): Promise<FakeTikTok> {
  const lifetime = new AbortController();
  const rulesOf = (): FakeTikTokRules => ({
    ...DEFAULT_RULES,
    unaudited: options.unaudited ?? DEFAULT_RULES.unaudited,
    ...options.rules,
    rateLimits: { ...DEFAULT_RULES.rateLimits, ...options.rules?.rateLimits },
  });
  const state: FakeTikTokState = {
    origin: '',
    clients: new Map((options.clients ?? []).map((client) => [client.clientKey, client])),
    accounts: new Map(),
    nextConsentOpenId: undefined,
    nextConsentScopes: undefined,
    autoApprove: options.autoApprove ?? false,
    authRequests: [],
    codes: new Map(),
    refreshTokens: new Map(),
    accessTokens: new Map(),
    rules: rulesOf(),
    calls: new Map(),
    faults: new Map(),
    posts: [],
    media: new Map(),
    failNextPost: undefined,
    pendingFailures: new Map(),
    cutNextUpload: undefined,
    requests: [],
    holding: new Set(),
    held: [],
    heldWaiters: [],
    lifetime: lifetime.signal,
  };

  /** Defers the answer's end until released (headers go out with it, so nothing is sent). */
  function holdAnswer(
    endpoint: FakeTikTokEndpoint,
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const entry = { endpoint, release };
      function release(): void {
        const at = state.held.indexOf(entry);
        if (at === -1) return;
        state.held.splice(at, 1);
        req.socket.off('close', release);
        end(...args);
      }
      state.held.push(entry);
      req.socket.once('close', release);
      for (const waiter of state.heldWaiters.filter((w) => w.endpoint === endpoint)) {
        state.heldWaiters.splice(state.heldWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      return res;
    }) as typeof res.end;
  }

  function addAccount(input: FakeTikTokAccountInput): FakeTikTokAccount {
    const isPrivate = input.isPrivate ?? false;
    const account: FakeTikTokAccount = {
      openId: input.openId ?? `-000${randomBytes(16).toString('hex')}`,
      username: input.username,
      displayName: input.displayName,
      avatarUrl: input.avatarUrl ?? `https://p16.tiktokcdn.example/${input.username}.jpeg`,
      privacyLevelOptions: input.privacyLevelOptions ?? [
        isPrivate ? 'FOLLOWER_OF_CREATOR' : 'PUBLIC_TO_EVERYONE',
        'MUTUAL_FOLLOW_FRIENDS',
        'SELF_ONLY',
      ],
      isPrivate,
      maxVideoPostDurationSec: input.maxVideoPostDurationSec ?? 600,
      commentDisabled: input.commentDisabled ?? false,
      duetDisabled: input.duetDisabled ?? false,
      stitchDisabled: input.stitchDisabled ?? false,
    };
    state.accounts.set(account.openId, account);
    return account;
  }
  for (const account of options.accounts ?? [DEFAULT_ACCOUNT]) addAccount(account);

  /** Counts a call in its token's one-minute window; false when over the limit. */
  function withinRateLimit(endpoint: FakeTikTokEndpoint, token: string): boolean {
    const limit = state.rules.rateLimits[endpoint as keyof FakeTikTokRules['rateLimits']];
    if (limit === undefined) return true;
    const now = Date.now();
    const key = `${endpoint} ${token}`;
    const recent = (state.calls.get(key) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= limit) return false;
    recent.push(now);
    state.calls.set(key, recent);
    return true;
  }

  async function applyFault(
    route: Route,
    fault: FakeTikTokFault,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<boolean> {
    if (fault.delayMs)
      await sleep(fault.delayMs, undefined, { signal: lifetime.signal }).catch(() => undefined);
    if (fault.resetConnection) {
      req.socket.destroy();
      return true;
    }
    if (fault.status === undefined && fault.code === undefined) return false;
    await drain(req);
    const status = fault.status;
    if (route.endpoint === 'oauth.token') {
      sendOAuthError(
        res,
        status ?? 400,
        fault.code ?? 'internal_error',
        fault.message ?? 'Injected by the fake',
      );
    } else if (route.endpoint === 'oauth.authorize' || route.endpoint === 'oauth.consent') {
      sendErrorPage(res, status ?? 400, fault.code ?? 'invalid_request', fault.message ?? '');
    } else {
      const code = fault.code ?? ((status ?? 500) >= 500 ? 'internal_error' : 'invalid_params');
      sendApiError(res, code, fault.message, status);
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const route = ROUTES.find(
      (candidate) => candidate.method === method && candidate.path === url.pathname,
    );
    const record: FakeTikTokRequest = {
      method,
      path: url.pathname,
      endpoint: route?.endpoint,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      errorCode: undefined,
      at: new Date(),
    };
    state.requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
      const code = res.getHeader('x-tt-error-code');
      record.errorCode = typeof code === 'string' ? code : undefined;
    });
    if (route && state.holding.has(route.endpoint)) holdAnswer(route.endpoint, req, res);
    if (!route) {
      await drain(req);
      sendApiError(
        res,
        'not_found',
        `The fake TikTok has nothing at ${method} ${url.pathname}`,
        404,
      );
      return;
    }
    if (route.endpoint.startsWith('oauth.') || route.endpoint === 'post.upload') {
      const fault = takeFault(state, route.endpoint);
      if (fault && (await applyFault(route, fault, req, res))) return;
      if (route.endpoint === 'oauth.authorize') handleAuthorize(state, url, res);
      else if (route.endpoint === 'oauth.consent') await handleConsent(state, req, url, res);
      else if (route.endpoint === 'oauth.token') await handleToken(state, req, res);
      else await putChunk(state, req, res, url);
      return;
    }
    const auth = authenticate(state, req);
    const account = auth ? state.accounts.get(auth.grant.openId) : undefined;
    if (!auth || !account) {
      await drain(req);
      sendApiError(res, 'access_token_invalid');
      return;
    }
    if (!route.scopes?.some((scope) => auth.grant.scopes.includes(scope))) {
      await drain(req);
      sendApiError(res, 'scope_not_authorized');
      return;
    }
    if (!withinRateLimit(route.endpoint, auth.token)) {
      await drain(req);
      sendApiError(res, 'rate_limit_exceeded');
      return;
    }
    const fault = takeFault(state, route.endpoint);
    if (fault && (await applyFault(route, fault, req, res))) return;
    const context: ApiContext = { state, req, res, url, grant: auth.grant, account };
    if (route.endpoint === 'user.info') userInfo(context);
    else if (route.endpoint === 'post.creatorInfo') await creatorInfo(context);
    else if (route.endpoint === 'post.videoInit') await initPost(context, 'direct');
    else if (route.endpoint === 'post.inboxVideoInit') await initPost(context, 'inbox');
    else await statusFetch(context);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || req.socket.destroyed) {
        res.destroy();
        return;
      }
      if (error instanceof BadRequestError) {
        sendApiError(res, 'invalid_params', error.message, error.status);
        return;
      }
      sendApiError(res, 'internal_error', `Fake TikTok failed: ${String(error)}`, 500);
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.origin = origin;

  function postOf(publishId: string): FakeTikTokPost {
    const post = state.posts.find((candidate) => candidate.publishId === publishId);
    if (!post) throw new Error(`No fake TikTok post ${publishId}`);
    return post;
  }

  return {
    url: origin,
    urls: { authUrl: `${origin}${AUTH_PATH}`, apiBaseUrl: origin },
    registerClient(client) {
      state.clients.set(client.clientKey, client);
    },
    addAccount,
    updateAccount(openId, changes) {
      const account = state.accounts.get(openId);
      if (!account) throw new Error(`No fake TikTok account ${openId}`);
      Object.assign(account, changes);
      return account;
    },
    get accounts() {
      return [...state.accounts.values()];
    },
    get nextConsentOpenId() {
      return state.nextConsentOpenId;
    },
    set nextConsentOpenId(openId: string | undefined) {
      if (openId !== undefined && !state.accounts.has(openId))
        throw new Error(`No fake TikTok account ${openId}`);
      state.nextConsentOpenId = openId;
    },
    get nextConsentScopes() {
      return state.nextConsentScopes;
    },
    set nextConsentScopes(scopes: string[] | undefined) {
      state.nextConsentScopes = scopes;
    },
    get autoApprove() {
      return state.autoApprove;
    },
    set autoApprove(on: boolean) {
      state.autoApprove = on;
    },
    setUnaudited(unaudited) {
      state.rules.unaudited = unaudited;
    },
    setRules(rules) {
      Object.assign(state.rules, {
        ...rules,
        rateLimits: { ...state.rules.rateLimits, ...rules.rateLimits },
      });
    },
    get rules() {
      return state.rules;
    },
    issueTokens(grant = {}) {
      const openId = grant.openId ?? state.accounts.keys().next().value;
      if (openId === undefined || !state.accounts.has(openId))
        throw new Error('The fake TikTok has no such account');
      return issueTokens(state, {
        openId,
        clientKey: grant.clientKey ?? '',
        scopes: grant.scopes ?? DEFAULT_SCOPES,
      });
    },
    expireAccessTokens() {
      for (const grant of state.accessTokens.values()) grant.expiresAt = 0;
    },
    failNext(endpoint, fault) {
      const queue = state.faults.get(endpoint) ?? [];
      queue.push({ ...fault, times: fault.times ?? 1 });
      state.faults.set(endpoint, queue);
    },
    failNextPost(failReason) {
      state.failNextPost = failReason;
    },
    failPost(publishId, failReason) {
      const post = postOf(publishId);
      state.pendingFailures.set(publishId, failReason);
      if (post.status === 'PUBLISH_COMPLETE' || post.status === 'SEND_TO_USER_INBOX')
        finish(state, post);
    },
    finishInboxDraft(publishId) {
      postOf(publishId).draftHandled = true;
    },
    cutNextUpload(afterBytes, cutOptions = {}) {
      state.cutNextUpload = { afterBytes, chunk: cutOptions.chunk };
    },
    holdAnswers(endpoint, on) {
      if (on) {
        state.holding.add(endpoint);
        return;
      }
      state.holding.delete(endpoint);
      for (const entry of state.held.filter((held) => held.endpoint === endpoint)) entry.release();
    },
    get heldAnswers() {
      return state.held.length;
    },
    waitForHeldAnswer(endpoint) {
      if (state.held.some((entry) => entry.endpoint === endpoint)) return Promise.resolve();
      return new Promise((resolve) => state.heldWaiters.push({ endpoint, resolve }));
    },
    posts() {
      for (const post of state.posts)
        if (state.rules.processingDelayMs !== undefined) advance(state, post);
      return [...state.posts];
    },
    authRequests: state.authRequests,
    requests: state.requests,
    reset() {
      state.holding.clear();
      for (const entry of [...state.held]) entry.release();
      state.requests.length = 0;
      state.authRequests.length = 0;
      state.posts.length = 0;
      state.media.clear();
      state.faults.clear();
      state.calls.clear();
      state.pendingFailures.clear();
      state.failNextPost = undefined;
      state.cutNextUpload = undefined;
      state.nextConsentOpenId = undefined;
      state.nextConsentScopes = undefined;
      state.autoApprove = options.autoApprove ?? false;
      state.rules = rulesOf();
    },
    async close() {
      lifetime.abort();
      for (const entry of [...state.held]) entry.release();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
