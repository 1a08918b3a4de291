import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BadRequestError } from '../fake-apify/http-io.ts';
import {
  createFakeGeminiModels,
  FAKE_GEMINI_MODELS,
  GEMINI_PREFIX,
  geminiKeyOf,
  geminiRouteOf,
  handleGemini,
  listGeminiModels,
  resetFakeGeminiModels,
  toFakeGeminiModels,
  type FakeGeminiModelInput,
} from './gemini-api.ts';
import {
  sendErrorPage,
  sendGeminiError,
  sendOAuthError,
  sendYouTubeError,
} from './google-errors.ts';
import { chargeQuota, FAKE_QUOTA_DEFAULTS, setUsage, usageOf } from './quota.ts';
import {
  APPROVE_PATH,
  AUTH_PATH,
  authenticate,
  handleApprove,
  handleAuthorize,
  handleToken,
  issueTokens,
  TOKEN_PATH,
  type IssuedTokens,
} from './oauth.ts';
import {
  channelId as newChannelId,
  emptyStats,
  pause,
  playlistId as newPlaylistId,
  takeFault,
  type FakeAuthRequest,
  type FakeChannel,
  type FakeChannelInput,
  type FakeGeminiCall,
  type FakeGeminiReply,
  type FakeGoogleEndpoint,
  type FakeGoogleFault,
  type FakeGoogleRequest,
  type FakeGoogleState,
  type FakeGoogleStats,
  type FakeOAuthClient,
  type FakePlaylistItem,
  type FakeQuotaLimits,
  type FakeQuotaUsage,
  type FakeThumbnail,
  type FakeUpload,
  type FakeUploadSession,
} from './state.ts';
import {
  drain,
  hasScope,
  insertPlaylistItem,
  insertVideo,
  updateVideo,
  listChannels,
  listPlaylists,
  SCOPES_BY_ENDPOINT,
  setThumbnail,
  type ApiContext,
} from './youtube-api.ts';
import { putUploadSession } from './resumable.ts';

export type {
  FakeAuthRequest,
  FakeChannel,
  FakeChannelInput,
  FakeGeminiCall,
  FakeGeminiReply,
  FakeGoogleEndpoint,
  FakeGoogleFault,
  FakeGoogleRequest,
  FakeGoogleStats,
  FakeOAuthClient,
  FakePlaylistItem,
  FakeQuotaLimits,
  FakeQuotaUsage,
  FakeThumbnail,
  FakeUpload,
  FakeUploadSession,
} from './state.ts';
export type { IssuedTokens } from './oauth.ts';
export type { FakeGeminiModelInput } from './gemini-api.ts';

/** What GOOGLE_API_ROOT_URL, GOOGLE_OAUTH_AUTH_URL, GOOGLE_OAUTH_TOKEN_URL and GEMINI_BASE_URL hold. */
export interface FakeGoogleUrls {
  apiRootUrl: string;
  oauthAuthUrl: string;
  oauthTokenUrl: string;
  geminiBaseUrl: string;
}

export interface FakeGoogleOptions {
  /** Default 0 (a free port); the demo mode may want a fixed one. */
  port?: number;
  /** OAuth clients; while none is registered, any client id and secret is accepted. */
  clients?: FakeOAuthClient[];
  /** Default: one channel "Fake Channel" with two playlists. Pass [] for none. */
  channels?: FakeChannelInput[];
  /** Redirect from the authorize URL at once instead of showing the consent page. */
  autoApprove?: boolean;
  /** expires_in of new access tokens. Default 3599, as Google. */
  accessTokenLifetimeSecs?: number;
  /** How long videos.insert waits after the body arrived before answering. Default 0. */
  uploadDelayMs?: number;
  /** Upload and thumbnail bytes kept in `uploads[].bytes` up to this size. Default 8 MiB. */
  maxKeptUploadBytes?: number;
  /** Bigger media is refused with 413. Default 4 GiB. */
  maxUploadBytes?: number;
  /** Gemini API keys; while none is registered, any non-empty key is accepted. */
  geminiKeys?: string[];
  /**
   * Daily quota per OAuth client (Google's 2026 buckets): 100 videos.insert and 10,000 units
   * for every other call (channels.list and playlists.list 1, thumbnails.set and
   * playlistItems.insert 50) by default. A call its bucket cannot pay answers 403 quotaExceeded.
   */
  quota?: Partial<FakeQuotaLimits>;
  /**
   * Unaudited API projects: their uploads are answered (and kept) private whatever was asked.
   * true for every client, or a list of client ids. Default: none.
   */
  unaudited?: boolean | string[];
}

export interface FakeGoogle {
  urls: FakeGoogleUrls;
  /** The default channel's id (the first channel), when there is one. */
  readonly defaultChannelId: string | undefined;
  registerClient(client: FakeOAuthClient): void;
  addChannel(channel: FakeChannelInput): FakeChannel;
  /** The channel the next consent grants (then cleared); the first channel when unset. */
  nextConsentChannelId: string | undefined;
  autoApprove: boolean;
  setAccessTokenLifetime(seconds: number): void;
  /** Tokens as a finished consent would give them, without the browser dance. */
  issueTokens(grant?: {
    channelId?: string;
    clientId?: string;
    scope?: string;
    withRefreshToken?: boolean;
  }): IssuedTokens & { expiryDate: number };
  revokeRefreshToken(token: string): void;
  /** The next refresh_token grant answers 400 with this error (and "Token has been expired or revoked."). */
  failNextRefresh(error?: string): void;
  /** Every access token issued so far answers 401 from now on (refresh tokens stay valid). */
  expireAccessTokens(): void;
  failNext(endpoint: FakeGoogleEndpoint, fault: FakeGoogleFault): void;
  /** Disarms the faults still queued for `endpoint` (all endpoints without one): a test leaves none behind. */
  clearFaults(endpoint?: FakeGoogleEndpoint): void;
  setUploadDelay(ms: number): void;
  /**
   * The next PUT carrying bytes to an upload session breaks after this many of its bytes (kept by
   * the session); `thenExpire`: the session expires with the break (answers 404 from then on).
   */
  cutNextUpload(afterBytes: number, options?: { thenExpire?: boolean }): void;
  /** The next PUT that completes a video loses its answer: the video exists, the connection is cut. */
  loseNextUploadAnswer(): void;
  /**
   * true: a PUT that completed a video holds its answer until this is set false again (or the
   * client goes away); for killing a worker after YouTube finished but before it heard so.
   */
  holdUploadAnswers(on: boolean): void;
  /** Every upload session open now answers 404 from now on, as an expired session does. */
  expireUploadSessions(): void;
  /** Changes the daily limits of the quota buckets (every client). */
  setQuota(limits: Partial<FakeQuotaLimits>): void;
  /** What an OAuth client used of its buckets in the current Pacific day. */
  quotaUsage(clientId: string): FakeQuotaUsage;
  /** Sets today's use of a client's buckets, as if earlier calls had spent it. */
  setQuotaUsage(clientId: string, usage: Partial<FakeQuotaUsage>): void;
  /** A new quota day for everyone: every bucket is full again. */
  resetQuotaUsage(): void;
  /** Makes projects unaudited (true: all; a list: those client ids) or audited again (false). */
  setUnaudited(unaudited: boolean | string[]): void;
  addGeminiKey(key: string): void;
  /** Sticky until reset; undefined goes back to the default reply built from the prompt. */
  setGeminiReply(reply: string | FakeGeminiReply | undefined): void;
  /** What every key lists (strings are text model ids); undefined: the default 2026 catalog. */
  setGeminiModels(models: FakeGeminiModelInput[] | undefined): void;
  /** What one key lists ([]: nothing); undefined: the common list again. */
  setGeminiKeyModels(key: string, models: FakeGeminiModelInput[] | undefined): void;
  /** From now on the model is listed for no key and answers 404 NOT_FOUND. */
  retireGeminiModel(model: string): void;
  readonly authRequests: FakeAuthRequest[];
  readonly uploads: FakeUpload[];
  /** Resumable upload sessions opened so far, with every PUT they got. */
  readonly uploadSessions: FakeUploadSession[];
  readonly thumbnails: FakeThumbnail[];
  readonly playlistItems: FakePlaylistItem[];
  readonly geminiCalls: FakeGeminiCall[];
  readonly requests: FakeGoogleRequest[];
  readonly stats: FakeGoogleStats;
  readonly maxConcurrentUploadsPerChannel: number;
  /**
   * Forget requests, uploads, faults, scripted replies, Gemini model lists, quota use and stats,
   * and go back to the options' quota limits and audit state (clients, channels, keys and
   * tokens stay).
   */
  reset(): void;
  close(): Promise<void>;
}

type Family = 'oauth' | 'youtube' | 'gemini';

interface Route {
  method: string;
  path: string | RegExp;
  endpoint: FakeGoogleEndpoint;
  family: Family;
}

const routes: readonly Route[] = [
  { method: 'GET', path: AUTH_PATH, endpoint: 'oauth.authorize', family: 'oauth' },
  { method: 'GET', path: APPROVE_PATH, endpoint: 'oauth.approve', family: 'oauth' },
  { method: 'POST', path: APPROVE_PATH, endpoint: 'oauth.approve', family: 'oauth' },
  { method: 'POST', path: TOKEN_PATH, endpoint: 'oauth.token', family: 'oauth' },
  { method: 'GET', path: '/youtube/v3/channels', endpoint: 'channels.list', family: 'youtube' },
  { method: 'GET', path: '/youtube/v3/playlists', endpoint: 'playlists.list', family: 'youtube' },
  {
    method: 'POST',
    path: '/upload/youtube/v3/videos',
    endpoint: 'videos.insert',
    family: 'youtube',
  },
  {
    method: 'PUT',
    path: '/upload/youtube/v3/videos',
    endpoint: 'videos.insert.upload',
    family: 'youtube',
  },
  { method: 'PUT', path: '/youtube/v3/videos', endpoint: 'videos.update', family: 'youtube' },
  {
    method: 'POST',
    path: '/upload/youtube/v3/thumbnails/set',
    endpoint: 'thumbnails.set',
    family: 'youtube',
  },
  {
    method: 'POST',
    path: '/youtube/v3/playlistItems',
    endpoint: 'playlistItems.insert',
    family: 'youtube',
  },
];

const youtubeHandlers: Record<string, (ctx: ApiContext) => void | Promise<void>> = {
  'channels.list': listChannels,
  'playlists.list': listPlaylists,
  'videos.insert': insertVideo,
  'videos.insert.upload': putUploadSession,
  'videos.update': updateVideo,
  'thumbnails.set': setThumbnail,
  'playlistItems.insert': insertPlaylistItem,
};

const DEFAULT_CHANNEL: FakeChannelInput = {
  id: 'UCfakechannel00000000001',
  title: 'Fake Channel',
  playlists: [
    { id: 'PLfakeplaylist000000000000000000001', title: 'Favorit' },
    { id: 'PLfakeplaylist000000000000000000002', title: 'Shorts Harian' },
  ],
};

const DEFAULT_SCOPE = 'https://www.googleapis.com/auth/youtube';

/**
 * A fake of Google's OAuth 2.0 endpoints, the part of the YouTube Data API v3 we publish with,
 * and Gemini's models.list, generateContent and countTokens, on one real HTTP server on 127.0.0.1.
 */
export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const lifetime = new AbortController();
  const state: FakeGoogleState = {
    clients: new Map(),
    channels: new Map(),
    nextConsentChannelId: undefined,
    autoApprove: options.autoApprove ?? false,
    accessTokenLifetimeSecs: options.accessTokenLifetimeSecs ?? 3599,
    authRequests: [],
    codes: new Map(),
    refreshTokens: new Map(),
    accessTokens: new Map(),
    consented: new Set(),
    pendingRefreshFailures: [],
    faults: new Map(),
    uploadDelayMs: options.uploadDelayMs ?? 0,
    maxKeptUploadBytes: options.maxKeptUploadBytes ?? 8 * 1024 * 1024,
    maxUploadBytes: options.maxUploadBytes ?? 4 * 1024 * 1024 * 1024,
    uploads: [],
    uploadSessions: [],
    sessionMedia: new Map(),
    cutNextUploadAfter: undefined,
    loseNextUploadAnswer: false,
    holdUploadAnswers: false,
    heldUploadAnswers: [],
    thumbnails: [],
    playlistItems: [],
    inFlightUploads: new Map(),
    quota: { limits: quotaLimits(), usage: new Map() },
    unaudited: unauditedOf(options.unaudited),
    stats: emptyStats(),
    geminiKeys: new Set(options.geminiKeys ?? []),
    geminiReply: undefined,
    geminiCalls: [],
    requests: [],
    lifetime: lifetime.signal,
  };
  const geminiModels = createFakeGeminiModels();
  function quotaLimits(): FakeQuotaLimits {
    return { ...FAKE_QUOTA_DEFAULTS, ...options.quota };
  }

  for (const client of options.clients ?? []) state.clients.set(client.clientId, client);
  for (const channel of options.channels ?? [DEFAULT_CHANNEL]) addChannel(channel);

  function addChannel(input: FakeChannelInput): FakeChannel {
    const channel: FakeChannel = {
      id: input.id ?? newChannelId(),
      title: input.title,
      playlists: (input.playlists ?? []).map((playlist) => ({
        id: playlist.id ?? newPlaylistId(),
        title: playlist.title,
      })),
    };
    state.channels.set(channel.id, channel);
    return channel;
  }

  async function applyFault(
    route: Route,
    fault: FakeGoogleFault,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<boolean> {
    if (fault.delayMs) await pause(state, fault.delayMs);
    if (fault.resetConnection) {
      req.socket.destroy();
      return true;
    }
    if (fault.status === undefined && fault.reason === undefined) return false;
    // Read the whole body first: answering mid-upload makes clients see a broken pipe instead.
    await drain(req);
    const status = fault.status;
    if (route.family === 'youtube') {
      sendYouTubeError(res, { status, reason: fault.reason, message: fault.message });
    } else if (route.family === 'gemini') {
      sendGeminiError(res, status ?? 500, fault.message);
    } else if (route.endpoint === 'oauth.token') {
      const error =
        fault.reason ?? ((status ?? 500) >= 500 ? 'internal_failure' : 'invalid_request');
      sendOAuthError(res, status ?? 400, error, fault.message ?? 'Injected by the fake');
    } else {
      sendErrorPage(res, status ?? 400, fault.reason ?? 'invalid_request', fault.message ?? '');
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const gemini = geminiRouteOf(method, url.pathname);
    const route: Route | undefined = gemini
      ? { method, path: url.pathname, endpoint: gemini.endpoint, family: 'gemini' }
      : routes.find((candidate) => candidate.method === method && candidate.path === url.pathname);
    const record: FakeGoogleRequest = {
      method,
      path: url.pathname,
      endpoint: route?.endpoint,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      at: new Date(),
    };
    state.requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });

    if (!route) {
      await drain(req);
      sendYouTubeError(res, {
        status: 404,
        reason: 'notFound',
        message: `The fake Google has nothing at ${method} ${url.pathname}`,
      });
      return;
    }

    if (route.family === 'oauth') {
      const fault = takeFault(state, route.endpoint);
      if (fault && (await applyFault(route, fault, req, res))) return;
      if (route.endpoint === 'oauth.authorize') handleAuthorize(state, url, res);
      else if (route.endpoint === 'oauth.approve') await handleApprove(state, req, url, res);
      else await handleToken(state, req, url, res);
      return;
    }

    if (gemini) {
      const apiKey = geminiKeyOf(state, req, url, res);
      if (apiKey === undefined) return;
      const fault = takeFault(state, gemini.endpoint);
      if (fault && (await applyFault(route, fault, req, res))) return;
      if (gemini.endpoint === 'gemini.listModels') listGeminiModels(geminiModels, url, res, apiKey);
      else await handleGemini(state, geminiModels, req, res, gemini.model, gemini.endpoint, apiKey);
      return;
    }

    const auth = authenticate(state, req);
    if ('error' in auth) {
      await drain(req);
      sendYouTubeError(res, { reason: 'authError' });
      return;
    }
    const accepted = SCOPES_BY_ENDPOINT[route.endpoint as keyof typeof SCOPES_BY_ENDPOINT];
    if (!hasScope(auth.grant, accepted)) {
      await drain(req);
      sendYouTubeError(res, { reason: 'insufficientPermissions' });
      return;
    }
    const fault = takeFault(state, route.endpoint);
    if (fault && (await applyFault(route, fault, req, res))) return;
    if (!chargeQuota(state, auth.grant.clientId, route.endpoint)) {
      await drain(req);
      sendYouTubeError(res, { reason: 'quotaExceeded' });
      return;
    }
    const handler = youtubeHandlers[route.endpoint];
    if (handler) await handler({ state, req, res, url, grant: auth.grant });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || req.socket.destroyed) {
        res.destroy();
        return;
      }
      if (error instanceof BadRequestError) {
        sendYouTubeError(res, { status: error.status, reason: error.type, message: error.message });
        return;
      }
      sendYouTubeError(res, {
        status: 500,
        reason: 'internalError',
        message: `Fake Google failed: ${String(error)}`,
      });
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    urls: {
      apiRootUrl: `${origin}/`,
      oauthAuthUrl: `${origin}${AUTH_PATH}`,
      oauthTokenUrl: `${origin}${TOKEN_PATH}`,
      geminiBaseUrl: `${origin}${GEMINI_PREFIX}`,
    },
    get defaultChannelId() {
      return state.channels.keys().next().value;
    },
    registerClient(client) {
      state.clients.set(client.clientId, client);
    },
    addChannel,
    get nextConsentChannelId() {
      return state.nextConsentChannelId;
    },
    set nextConsentChannelId(id: string | undefined) {
      if (id !== undefined && !state.channels.has(id)) throw new Error(`No fake channel ${id}`);
      state.nextConsentChannelId = id;
    },
    get autoApprove() {
      return state.autoApprove;
    },
    set autoApprove(on: boolean) {
      state.autoApprove = on;
    },
    setAccessTokenLifetime(seconds) {
      state.accessTokenLifetimeSecs = seconds;
    },
    issueTokens(grant = {}) {
      const channelId = grant.channelId ?? state.channels.keys().next().value;
      if (channelId === undefined) throw new Error('The fake Google has no channel');
      const issued = issueTokens(
        state,
        { channelId, clientId: grant.clientId ?? '', scope: grant.scope ?? DEFAULT_SCOPE },
        grant.withRefreshToken ?? true,
      );
      return { ...issued, expiryDate: Date.now() + issued.expiresIn * 1000 };
    },
    revokeRefreshToken(token) {
      const grant = state.refreshTokens.get(token);
      if (grant) grant.revoked = true;
    },
    failNextRefresh(error = 'invalid_grant') {
      state.pendingRefreshFailures.push(error);
    },
    expireAccessTokens() {
      for (const grant of state.accessTokens.values()) grant.expiresAt = 0;
    },
    failNext(endpoint, fault) {
      const queue = state.faults.get(endpoint) ?? [];
      queue.push({ ...fault, times: fault.times ?? 1 });
      state.faults.set(endpoint, queue);
    },
    clearFaults(endpoint) {
      if (endpoint) state.faults.delete(endpoint);
      else state.faults.clear();
    },
    setUploadDelay(ms) {
      state.uploadDelayMs = ms;
    },
    cutNextUpload(afterBytes, options = {}) {
      state.cutNextUploadAfter = { bytes: afterBytes, thenExpire: options.thenExpire ?? false };
    },
    loseNextUploadAnswer() {
      state.loseNextUploadAnswer = true;
    },
    holdUploadAnswers(on) {
      state.holdUploadAnswers = on;
      if (!on) for (const release of state.heldUploadAnswers.splice(0)) release();
    },
    expireUploadSessions() {
      for (const session of state.uploadSessions) session.expired = true;
    },
    setQuota(limits) {
      Object.assign(state.quota.limits, limits);
    },
    quotaUsage(clientId) {
      return usageOf(state, clientId);
    },
    setQuotaUsage(clientId, usage) {
      setUsage(state, clientId, usage);
    },
    resetQuotaUsage() {
      state.quota.usage.clear();
    },
    setUnaudited(unaudited) {
      state.unaudited = unauditedOf(unaudited);
    },
    addGeminiKey(key) {
      state.geminiKeys.add(key);
    },
    setGeminiReply(reply) {
      state.geminiReply = typeof reply === 'string' ? { text: reply } : reply;
    },
    setGeminiModels(models) {
      geminiModels.common = toFakeGeminiModels(models ?? FAKE_GEMINI_MODELS);
    },
    setGeminiKeyModels(key, models) {
      if (models) geminiModels.byKey.set(key, toFakeGeminiModels(models));
      else geminiModels.byKey.delete(key);
    },
    retireGeminiModel(model) {
      geminiModels.retired.add(model);
    },
    authRequests: state.authRequests,
    uploads: state.uploads,
    uploadSessions: state.uploadSessions,
    thumbnails: state.thumbnails,
    playlistItems: state.playlistItems,
    geminiCalls: state.geminiCalls,
    requests: state.requests,
    stats: state.stats,
    get maxConcurrentUploadsPerChannel() {
      return state.stats.maxConcurrentUploadsPerChannel;
    },
    reset() {
      state.requests.length = 0;
      state.authRequests.length = 0;
      state.uploads.length = 0;
      state.uploadSessions.length = 0;
      state.sessionMedia.clear();
      state.cutNextUploadAfter = undefined;
      state.loseNextUploadAnswer = false;
      state.holdUploadAnswers = false;
      for (const release of state.heldUploadAnswers.splice(0)) release();
      state.thumbnails.length = 0;
      state.playlistItems.length = 0;
      state.geminiCalls.length = 0;
      state.faults.clear();
      state.pendingRefreshFailures.length = 0;
      state.geminiReply = undefined;
      resetFakeGeminiModels(geminiModels);
      state.nextConsentChannelId = undefined;
      state.uploadDelayMs = options.uploadDelayMs ?? 0;
      state.accessTokenLifetimeSecs = options.accessTokenLifetimeSecs ?? 3599;
      state.autoApprove = options.autoApprove ?? false;
      state.quota.limits = quotaLimits();
      state.quota.usage.clear();
      state.unaudited = unauditedOf(options.unaudited);
      Object.assign(state.stats, emptyStats());
    },
    async close() {
      lifetime.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

function unauditedOf(value: boolean | string[] | undefined): boolean | Set<string> {
  return Array.isArray(value) ? new Set(value) : (value ?? false);
}
