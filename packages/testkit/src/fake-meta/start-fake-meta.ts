import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BadRequestError } from '../fake-apify/http-io.ts';
import { drain } from '../fake-google/video-resource.ts';
import { handleVideoReels, handleVideoStatus } from './facebook-api.ts';
import { authenticate, paramsOf, sendGraphError, sendRuploadError, tokenFrom } from './graph-io.ts';
import {
  handleContainerStatus,
  handleCreateContainer,
  handleMedia,
  handleMediaList,
  handlePublish,
  handlePublishingLimit,
} from './instagram-api.ts';
import {
  handleAccessToken,
  handleApprove,
  handleDialog,
  issuePageToken,
  issueUserToken,
} from './oauth.ts';
import { handleAccounts, handleMe, sendUnknownObject, type GraphContext } from './pages-api.ts';
import { handleRupload } from './rupload.ts';
import {
  ALL_SCOPES,
  numericId,
  pause,
  takeFault,
  type ContainerOutcome,
  type FakeMetaApp,
  type FakeMetaAuthRequest,
  type FakeMetaEndpoint,
  type FakeMetaFault,
  type FakeMetaPost,
  type FakeMetaRequest,
  type FakeMetaState,
  type FakeMetaUser,
  type FakeMetaUserInput,
} from './state.ts';

export type {
  ContainerOutcome,
  FakeMetaApp,
  FakeMetaAuthRequest,
  FakeMetaEndpoint,
  FakeMetaFault,
  FakeMetaPost,
  FakeMetaRequest,
  FakeMetaUser,
  FakeMetaUserInput,
} from './state.ts';
export { signedRequest } from './signed-request.ts';
export { ALL_SCOPES } from './state.ts';

/** What META_AUTH_URL, META_GRAPH_BASE_URL (+ META_GRAPH_VERSION) and META_UPLOAD_BASE_URL take. */
export interface FakeMetaUrls {
  authUrl: string;
  graphBaseUrl: string;
  uploadBaseUrl: string;
}

export interface FakeMetaOptions {
  port?: number;
  /** The Graph version served; other versions answer 400. Default v24.0. */
  version?: string;
  apps?: FakeMetaApp[];
  users?: FakeMetaUserInput[];
  autoApprove?: boolean;
  /** Status reads answered "in progress" after the last byte arrived. Default 1. */
  processingReads?: number;
  /** /me/accounts page size when no `limit` is given. Default 25. */
  pageSize?: number;
}

export interface FakeMeta {
  url: string;
  urls: FakeMetaUrls;
  version: string;
  registerApp(app: FakeMetaApp): void;
  addUser(user: FakeMetaUserInput): FakeMetaUser;
  /** The user the next login grants (then cleared); the first user when unset. */
  nextConsentUserId: string | undefined;
  autoApprove: boolean;
  /** A user token as a finished login gives it (long-lived when asked), without the browser. */
  issueUserToken(grant?: {
    userId?: string;
    appId?: string;
    scopes?: string[];
    longLived?: boolean;
  }): {
    accessToken: string;
    expiresIn: number;
  };
  /** A Page token as /me/accounts gives it (from a long-lived user token: no expiry). */
  issuePageToken(pageId: string, grant?: { appId?: string; scopes?: string[] }): string;
  /** Every token issued so far answers 190 with this subcode (463 expired, 460 password changed). */
  expireTokens(subcode?: 463 | 460): void;
  failNext(endpoint: FakeMetaEndpoint, fault: FakeMetaFault): void;
  /** The next call to a Graph endpoint takes effect but its answer is lost (connection cut). */
  loseNextAnswer(endpoint: FakeMetaEndpoint): void;
  /**
   * The next call to a Graph endpoint takes effect and its answer never comes (a caller killed
   * after Meta acted). Resolves once the call has taken effect.
   */
  holdNextAnswer(endpoint: FakeMetaEndpoint): Promise<void>;
  /** The next container whose bytes complete ends in ERROR with this subcode (queued). */
  setContainerOutcome(outcome: ContainerOutcome): void;
  /** Every unpublished Instagram container is EXPIRED from now on (as 24 h later). */
  expireContainers(): void;
  setProcessingReads(reads: number): void;
  /** A target's limit (Instagram account: 50; Page: 30 reels) and publishes already counted. */
  setPublishingLimit(targetId: string, limit: { total?: number; used?: number }): void;
  /** The next rupload POST breaks after this many of its bytes (they stay with the upload). */
  cutNextUpload(afterBytes: number): void;
  posts(): FakeMetaPost[];
  readonly requests: FakeMetaRequest[];
  readonly authRequests: FakeMetaAuthRequest[];
  reset(): void;
  close(): Promise<void>;
}

const AUTH_PREFIX = '/www';
const GRAPH_PREFIX = '/graph';
const UPLOAD_PREFIX = '/rupload';
const APPROVE_PATH = `${AUTH_PREFIX}/dialog/approve`;

/** Meta's Facebook Login dialog, the Graph API parts we publish with, and rupload, on 127.0.0.1. */
export async function startFakeMeta(options: FakeMetaOptions = {}): Promise<FakeMeta> {
  const lifetime = new AbortController();
  const version = options.version ?? 'v24.0';
  const state: FakeMetaState = {
    version,
    apps: new Map(),
    users: new Map(),
    nextConsentUserId: undefined,
    autoApprove: options.autoApprove ?? false,
    authRequests: [],
    codes: new Map(),
    tokens: new Map(),
    faults: new Map(),
    loseAnswers: new Set(),
    holdAnswers: new Map(),
    posts: [],
    hashes: new Map(),
    containerOutcomes: [],
    processingReads: options.processingReads ?? 1,
    cutNextUploadAfter: undefined,
    limits: new Map(),
    usedBefore: new Map(),
    requests: [],
    pageSize: options.pageSize ?? 25,
    lifetime: lifetime.signal,
  };
  for (const app of options.apps ?? []) state.apps.set(app.appId, app);
  for (const user of options.users ?? []) addUser(user);

  function addUser(input: FakeMetaUserInput): FakeMetaUser {
    const user: FakeMetaUser = {
      id: input.id ?? numericId(16),
      name: input.name,
      pages: (input.pages ?? []).map((p) => ({
        id: p.id ?? numericId(15),
        name: p.name,
        instagram: p.instagram
          ? { id: p.instagram.id ?? numericId(17), username: p.instagram.username }
          : undefined,
      })),
    };
    state.users.set(user.id, user);
    return user;
  }

  function userToken(
    grant: { userId?: string; appId?: string; scopes?: string[]; longLived?: boolean } = {},
  ): { accessToken: string; expiresIn: number } {
    const userId = grant.userId ?? state.users.keys().next().value;
    if (userId === undefined) throw new Error('The fake Meta has no user: addUser first');
    return issueUserToken(state, {
      appId: grant.appId ?? state.apps.keys().next().value ?? '',
      userId,
      scopes: grant.scopes ?? ALL_SCOPES,
      longLived: grant.longLived ?? true,
    });
  }

  /** True when the fault answered (or cut) the request. */
  async function applyFault(
    fault: FakeMetaFault,
    req: IncomingMessage,
    res: ServerResponse,
    rupload: boolean,
  ): Promise<boolean> {
    if (fault.delayMs) await pause(state, fault.delayMs);
    if (fault.resetConnection) {
      req.socket.destroy();
      return true;
    }
    if (fault.status === undefined && fault.code === undefined) return false;
    await drain(req);
    const code = fault.code ?? ((fault.status ?? 500) >= 500 ? 2 : 1);
    const status = fault.status ?? (code === 1 || code === 2 ? 500 : 400);
    const message =
      fault.message ??
      (code === 2 ? 'Service temporarily unavailable' : 'An unknown error has occurred.');
    if (rupload) sendRuploadError(res, status, fault.type ?? 'ProcessingFailedError', message);
    else {
      sendGraphError(res, {
        status,
        message,
        code,
        ...(fault.subcode === undefined ? {} : { subcode: fault.subcode }),
        ...(fault.type === undefined ? {} : { type: fault.type }),
        isTransient: code === 2 || status >= 500,
      });
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const method = req.method ?? 'GET';
    const record: FakeMetaRequest = {
      method,
      path: url.pathname,
      endpoint: undefined,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      at: new Date(),
    };
    state.requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    const path = url.pathname;
    const origin = url.origin;

    if (path === `${AUTH_PREFIX}/${version}/dialog/oauth` && method === 'GET') {
      record.endpoint = 'dialog.oauth';
      const fault = takeFault(state, 'dialog.oauth');
      if (fault && (await applyFault(fault, req, res, false))) return;
      handleDialog(state, url, res, APPROVE_PATH);
      return;
    }
    if (path === APPROVE_PATH) {
      record.endpoint = 'dialog.approve';
      const fault = takeFault(state, 'dialog.approve');
      if (fault && (await applyFault(fault, req, res, false))) return;
      await handleApprove(state, req, url, res);
      return;
    }
    const upload = new RegExp(
      `^${UPLOAD_PREFIX}/(ig-api-upload|video-upload)/(v[\\d.]+)/(\\d+)$`,
    ).exec(path);
    if (upload && method === 'POST') {
      const endpoint = upload[1] === 'ig-api-upload' ? 'ig.upload' : 'fb.upload';
      record.endpoint = endpoint;
      const fault = takeFault(state, endpoint);
      if (fault && (await applyFault(fault, req, res, true))) return;
      await handleRupload(
        state,
        req,
        res,
        endpoint === 'ig.upload' ? 'instagram' : 'facebook',
        upload[3] ?? '',
      );
      return;
    }
    const graph = new RegExp(`^${GRAPH_PREFIX}/(v[\\d.]+)/(.+)$`).exec(path);
    if (!graph) {
      await drain(req);
      sendGraphError(res, {
        status: 404,
        message: `The fake Meta has nothing at ${method} ${path}`,
        code: 803,
      });
      return;
    }
    const params = await paramsOf(req, url);
    if (graph[1] !== version) {
      sendGraphError(res, {
        message: `Unknown path components: the fake Meta serves ${version}, not ${graph[1] ?? ''}`,
        code: 2500,
      });
      return;
    }
    const [first = '', second, ...rest] = (graph[2] ?? '').split('/');
    if (first === 'oauth' && second === 'access_token' && method === 'GET') {
      const endpoint =
        params.get('grant_type') === 'fb_exchange_token'
          ? 'oauth.exchangeToken'
          : 'oauth.accessToken';
      record.endpoint = endpoint;
      const fault = takeFault(state, endpoint);
      if (fault && (await applyFault(fault, req, res, false))) return;
      handleAccessToken(state, url, res);
      return;
    }
    const endpoint = graphEndpoint(method, first, second, rest.length, params);
    if (endpoint !== 'graph.get') record.endpoint = endpoint;
    const grant = authenticate(state, res, tokenFrom(req, params));
    if (!grant) return;
    if (!endpoint) {
      sendUnknownObject(res, first);
      return;
    }
    const ctx: GraphContext = {
      state,
      req,
      res,
      url,
      params,
      grant,
      uploadBaseUrl: `${origin}${UPLOAD_PREFIX}`,
    };
    if (endpoint === 'graph.get') {
      const post = state.posts.find((p) => p.remoteId === first || p.mediaId === first);
      const named: FakeMetaEndpoint =
        post?.platform === 'facebook'
          ? 'fb.video.status'
          : post?.mediaId === first
            ? 'ig.media.get'
            : 'ig.container.status';
      record.endpoint = named;
      const fault = takeFault(state, named);
      if (fault && (await applyFault(fault, req, res, false))) return;
      if (!post) sendUnknownObject(res, first);
      else if (named === 'fb.video.status') handleVideoStatus(ctx, post);
      else if (named === 'ig.media.get') handleMedia(ctx, post);
      else handleContainerStatus(ctx, post);
      return;
    }
    const fault = takeFault(state, endpoint);
    if (fault && (await applyFault(fault, req, res, false))) return;
    if (state.loseAnswers.delete(endpoint)) loseAnswer(req, res);
    const held = state.holdAnswers.get(endpoint);
    if (held) {
      state.holdAnswers.delete(endpoint);
      holdAnswer(res, held);
    }
    if (endpoint === 'me') handleMe(ctx);
    else if (endpoint === 'me.accounts') handleAccounts(ctx);
    else if (endpoint === 'ig.media.create') handleCreateContainer(ctx, first);
    else if (endpoint === 'ig.media.publish') handlePublish(ctx, first);
    else if (endpoint === 'ig.publishingLimit') handlePublishingLimit(ctx, first);
    else if (endpoint === 'ig.media.list') handleMediaList(ctx, first);
    else handleVideoReels(ctx, first);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || req.socket.destroyed) {
        res.destroy();
        return;
      }
      if (error instanceof BadRequestError) {
        sendGraphError(res, { status: error.status, message: error.message, code: 100 });
        return;
      }
      sendGraphError(res, { status: 500, message: `Fake Meta failed: ${String(error)}`, code: 1 });
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    urls: {
      authUrl: `${origin}${AUTH_PREFIX}/${version}/dialog/oauth`,
      graphBaseUrl: `${origin}${GRAPH_PREFIX}`,
      uploadBaseUrl: `${origin}${UPLOAD_PREFIX}`,
    },
    version,
    registerApp(app) {
      state.apps.set(app.appId, app);
    },
    addUser,
    get nextConsentUserId() {
      return state.nextConsentUserId;
    },
    set nextConsentUserId(id: string | undefined) {
      if (id !== undefined && !state.users.has(id)) throw new Error(`No fake Meta user ${id}`);
      state.nextConsentUserId = id;
    },
    get autoApprove() {
      return state.autoApprove;
    },
    set autoApprove(on: boolean) {
      state.autoApprove = on;
    },
    issueUserToken: userToken,
    issuePageToken(pageId, grant = {}) {
      const owner = [...state.users.values()].find((u) => u.pages.some((p) => p.id === pageId));
      if (!owner) throw new Error(`No fake Page ${pageId}`);
      const user = userToken({ userId: owner.id, ...grant, longLived: true });
      const userGrant = state.tokens.get(user.accessToken);
      if (!userGrant) throw new Error('unreachable');
      return issuePageToken(state, userGrant, pageId);
    },
    expireTokens(subcode = 463) {
      for (const grant of state.tokens.values()) grant.dead = subcode;
    },
    failNext(endpoint, fault) {
      const queue = state.faults.get(endpoint) ?? [];
      queue.push({ ...fault, times: fault.times ?? 1 });
      state.faults.set(endpoint, queue);
    },
    loseNextAnswer(endpoint) {
      state.loseAnswers.add(endpoint);
    },
    holdNextAnswer(endpoint) {
      return new Promise((resolve) => state.holdAnswers.set(endpoint, resolve));
    },
    setContainerOutcome(outcome) {
      state.containerOutcomes.push(outcome);
    },
    expireContainers() {
      for (const post of state.posts) {
        if (post.platform === 'instagram' && post.state !== 'published') post.state = 'expired';
      }
    },
    setProcessingReads(reads) {
      state.processingReads = reads;
    },
    setPublishingLimit(targetId, limit) {
      if (limit.total !== undefined) state.limits.set(targetId, limit.total);
      if (limit.used !== undefined)
        state.usedBefore.set(
          targetId,
          Array.from({ length: limit.used }, () => Date.now()),
        );
    },
    cutNextUpload(afterBytes) {
      state.cutNextUploadAfter = afterBytes;
    },
    posts: () => state.posts,
    requests: state.requests,
    authRequests: state.authRequests,
    reset() {
      state.requests.length = 0;
      state.authRequests.length = 0;
      state.posts.length = 0;
      state.hashes.clear();
      state.faults.clear();
      state.loseAnswers.clear();
      state.holdAnswers.clear();
      state.containerOutcomes.length = 0;
      state.limits.clear();
      state.usedBefore.clear();
      state.cutNextUploadAfter = undefined;
      state.processingReads = options.processingReads ?? 1;
      state.autoApprove = options.autoApprove ?? false;
      state.nextConsentUserId = undefined;
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

/** The handler runs, but its answer never leaves: the connection is cut instead. */
/** The answer is never sent: the effect is done, the caller waits until its connection ends. */
function holdAnswer(res: ServerResponse, acted: () => void): void {
  res.end = (() => {
    acted();
    return res;
  }) as ServerResponse['end'];
}

function loseAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.end = (() => {
    req.socket.destroy();
    return res;
  }) as ServerResponse['end'];
}

function graphEndpoint(
  method: string,
  first: string,
  second: string | undefined,
  extra: number,
  params: URLSearchParams,
): FakeMetaEndpoint | 'graph.get' | undefined {
  if (extra > 0) return undefined;
  if (first === 'me' && method === 'GET')
    return second === undefined ? 'me' : second === 'accounts' ? 'me.accounts' : undefined;
  if (second === undefined) return method === 'GET' ? 'graph.get' : undefined;
  if (second === 'media') return method === 'POST' ? 'ig.media.create' : 'ig.media.list';
  if (method === 'POST' && second === 'media_publish') return 'ig.media.publish';
  if (method === 'GET' && second === 'content_publishing_limit') return 'ig.publishingLimit';
  if (method === 'POST' && second === 'video_reels') {
    return params.get('upload_phase') === 'finish' ? 'fb.reels.finish' : 'fb.reels.start';
  }
  return undefined;
}
