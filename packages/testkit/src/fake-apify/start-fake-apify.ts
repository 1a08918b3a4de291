import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  abortRun,
  advanceRun,
  apifyId,
  createFakeRun,
  datasetJson,
  isTerminal,
  logText,
  runJson,
  runListItemJson,
  usageTotalUsd,
  visibleItemCount,
  type FakeRun,
} from './fake-run.ts';
import {
  BadRequestError,
  readRequestBody,
  sendApifyError,
  sendJson,
  sendText,
  streamJsonArray,
} from './http-io.ts';
import { itemAt, resolveScenario, type FakeRunStatus, type ScenarioSource } from './scenario.ts';

export type FakeEndpoint =
  | 'actor.start'
  | 'actor.runs'
  | 'run.get'
  | 'run.abort'
  | 'log.get'
  | 'dataset.get'
  | 'dataset.items'
  | 'kvs.record'
  | 'user.me';

export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/v2/actors/apify~tiktok-scraper/runs`. */
  path: string;
  /** Which part of the API it hit; undefined for paths the fake does not know. */
  endpoint: FakeEndpoint | undefined;
  query: Record<string, string>;
  /** The token sent (bearer header or `?token=`), valid or not. */
  token: string | undefined;
  userAgent: string | undefined;
  contentEncoding: string | undefined;
  /** JSON bodies parsed after decompression; undefined when there was none. */
  body: unknown;
  /** Body bytes on the wire, i.e. compressed when the client compressed. */
  wireBytes: number;
  /** The status answered; 0 while in flight or when the connection was cut. */
  status: number;
  /** When the request arrived (`Date.now()`): latency benchmarks time the worker's calls. */
  at: number;
}

/** Trouble injected into the next `times` requests to an endpoint. */
export interface FakeFault {
  endpoint: FakeEndpoint | 'any';
  /** Default 1. */
  times?: number;
  /** Wait this long first (a slow response); alone, the request is then answered normally. */
  delayMs?: number;
  /** Answer with Apify's error body and this status (429, 500, 503...). */
  status?: number;
  /** Sent as `Retry-After` with `status`. */
  retryAfterSecs?: number;
  /** Cut the connection without an answer: a network error for the client. */
  resetConnection?: boolean;
}

/** A snapshot of one run for assertions. */
export interface FakeRunView {
  id: string;
  actorId: string;
  input: unknown;
  status: FakeRunStatus;
  statusMessage: string;
  datasetId: string;
  /** The User-Agent of the request that started the run (the run's `meta.userAgent`). */
  userAgent: string | null;
  itemCount: number;
  polls: number;
  startedAt: Date;
  finishedAt: Date | undefined;
  /** What the run object says it has cost so far. */
  usageTotalUsd: number;
}

export interface FakeHold {
  /** The first request held (recorded, not yet answered). */
  arrived: Promise<RecordedRequest>;
  /** Lets the held requests, and every later one, through. */
  release(): void;
}

export interface FakeApifyOptions {
  /** token -> username. Default: `fake-apify-token` of `fake-user`. */
  tokens?: Record<string, string>;
  /**
   * The real API holds `GET run?waitForFinish=N` for up to N (<= 60) seconds; the fake holds it
   * at most this long so tests stay fast. Default 250 ms.
   */
  waitForFinishCapMs?: number;
  /** Used for actors without a script; without it, unscripted actors are 404 like unknown ones. */
  defaultScenario?: ScenarioSource;
  /** Default 10 MB. */
  maxBodyBytes?: number;
}

export interface FakeApify {
  /** Give this to apify-client as `baseUrl` (it appends `/v2`). */
  baseUrl: string;
  /** A valid token (the first of `options.tokens`). */
  token: string;
  addToken(token: string, username?: string): void;
  /** What runs of this actor (`user/name`, `user~name` or an id) do from now on. */
  script(actorId: string, scenario: ScenarioSource): void;
  fault(fault: FakeFault): void;
  /**
   * Holds every request to `endpoint` (after it is recorded, before it is answered) until
   * `release()`: a test can act at the exact moment a request is in flight.
   */
  hold(endpoint: FakeEndpoint): FakeHold;
  /** Every request so far, oldest first (live: cleared by `reset`). */
  readonly requests: RecordedRequest[];
  /** Runs started so far, of one actor when given. */
  runs(actorId?: string): FakeRunView[];
  /** Forget requests, runs, scripts and faults (tokens stay). */
  reset(): void;
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: RegExp;
  endpoint: FakeEndpoint;
  /** What the path parameter names. */
  param: 'actor' | 'run' | 'dataset' | 'store' | 'none';
}

const routes: readonly Route[] = [
  {
    method: 'POST',
    pattern: /^\/v2\/(?:acts|actors)\/([^/]+)\/runs$/,
    endpoint: 'actor.start',
    param: 'actor',
  },
  {
    method: 'GET',
    pattern: /^\/v2\/(?:acts|actors)\/([^/]+)\/runs$/,
    endpoint: 'actor.runs',
    param: 'actor',
  },
  { method: 'GET', pattern: /^\/v2\/actor-runs\/([^/]+)$/, endpoint: 'run.get', param: 'run' },
  {
    method: 'POST',
    pattern: /^\/v2\/actor-runs\/([^/]+)\/abort$/,
    endpoint: 'run.abort',
    param: 'run',
  },
  { method: 'GET', pattern: /^\/v2\/actor-runs\/([^/]+)\/log$/, endpoint: 'log.get', param: 'run' },
  { method: 'GET', pattern: /^\/v2\/logs\/([^/]+)$/, endpoint: 'log.get', param: 'run' },
  {
    method: 'GET',
    pattern: /^\/v2\/actor-runs\/([^/]+)\/dataset$/,
    endpoint: 'dataset.get',
    param: 'run',
  },
  {
    method: 'GET',
    pattern: /^\/v2\/actor-runs\/([^/]+)\/dataset\/items$/,
    endpoint: 'dataset.items',
    param: 'run',
  },
  {
    method: 'GET',
    pattern: /^\/v2\/datasets\/([^/]+)$/,
    endpoint: 'dataset.get',
    param: 'dataset',
  },
  {
    method: 'GET',
    pattern: /^\/v2\/datasets\/([^/]+)\/items$/,
    endpoint: 'dataset.items',
    param: 'dataset',
  },
  {
    method: 'GET',
    pattern: /^\/v2\/actor-runs\/([^/]+)\/key-value-store\/records\/([^/]+)$/,
    endpoint: 'kvs.record',
    param: 'run',
  },
  {
    method: 'GET',
    pattern: /^\/v2\/key-value-stores\/([^/]+)\/records\/([^/]+)$/,
    endpoint: 'kvs.record',
    param: 'store',
  },
  { method: 'GET', pattern: /^\/v2\/users\/me$/, endpoint: 'user.me', param: 'none' },
];

/** The most runs one page of `GET .../runs` holds, and its default (the real API's 1000). */
const MAX_RUNS_PAGE = 1000;

/** What the real API answers `limit` with when none was asked for. */
const NO_LIMIT = 999_999_999_999;

interface User {
  id: string;
  username: string;
}

/**
 * A fake of the Apify API v2, as far as apify-client's actor start, an actor's run list, run,
 * abort, log, dataset items, the run's INPUT record and users/me calls go, on a real HTTP server
 * on 127.0.0.1. Each token's user sees only its own runs in a list, as on Apify.
 */
export async function startFakeApify(options: FakeApifyOptions = {}): Promise<FakeApify> {
  const waitForFinishCapMs = options.waitForFinishCapMs ?? 250;
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const usersByToken = new Map<string, User>();
  const userIds = new Map<string, string>();
  const actIds = new Map<string, string>();
  const scripts = new Map<string, ScenarioSource>();
  const faults: FakeFault[] = [];
  const runs = new Map<string, FakeRun>();
  const runsByDataset = new Map<string, FakeRun>();
  const runsByStore = new Map<string, FakeRun>();
  const holds = new Map<FakeEndpoint, { gate: Promise<void>; arrived: (r: RecordedRequest) => void }>();
  const requests: RecordedRequest[] = [];
  const lifetime = new AbortController();

  function addToken(token: string, username = 'fake-user'): void {
    let id = userIds.get(username);
    if (!id) {
      id = apifyId();
      userIds.set(username, id);
    }
    usersByToken.set(token, { id, username });
  }

  const tokens = Object.entries(options.tokens ?? { 'fake-apify-token': 'fake-user' });
  for (const [token, username] of tokens) addToken(token, username);
  const firstToken = tokens[0]?.[0];
  if (firstToken === undefined) throw new Error('startFakeApify needs at least one token');

  function actIdOf(actorId: string): string {
    let id = actIds.get(actorId);
    if (!id) {
      id = apifyId();
      actIds.set(actorId, id);
    }
    return id;
  }

  function takeFault(endpoint: FakeEndpoint | undefined): FakeFault | undefined {
    const fault = faults.find(
      (f) => (f.endpoint === 'any' || f.endpoint === endpoint) && (f.times ?? 1) > 0,
    );
    if (fault) fault.times = (fault.times ?? 1) - 1;
    return fault;
  }

  async function pause(ms: number): Promise<void> {
    try {
      await sleep(ms, undefined, { signal: lifetime.signal });
    } catch {
      // The fake is closing: the connection is cut anyway.
    }
  }

  async function applyFault(
    fault: FakeFault,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<boolean> {
    if (fault.delayMs) await pause(fault.delayMs);
    if (fault.resetConnection) {
      req.socket.destroy();
      return true;
    }
    if (fault.status === undefined) return false;
    const headers: Record<string, string> =
      fault.retryAfterSecs === undefined ? {} : { 'retry-after': String(fault.retryAfterSecs) };
    if (fault.status === 429) {
      sendApifyError(
        res,
        429,
        'rate-limit-exceeded',
        'You have exceeded the rate limit. Please try again later.',
        headers,
      );
    } else if (fault.status >= 500) {
      sendApifyError(res, fault.status, 'internal-server-error', 'Internal server error', headers);
    } else {
      sendApifyError(res, fault.status, 'fake-fault', `Injected ${fault.status}`, headers);
    }
    return true;
  }

  /** `waitForFinish` long-poll: answer when the run ends or the (capped) wait is over. */
  async function holdUntilFinished(
    run: FakeRun,
    waitSecs: number,
    req: IncomingMessage,
  ): Promise<void> {
    const deadline = Date.now() + Math.min(waitSecs * 1000, waitForFinishCapMs);
    while (!isTerminal(run) && !lifetime.signal.aborted && !req.socket.destroyed) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      await pause(Math.min(20, left));
      advanceRun(run, Date.now());
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    let route: Route | undefined;
    let param = '';
    let recordKey = '';
    for (const candidate of routes) {
      const match = candidate.method === method ? candidate.pattern.exec(url.pathname) : null;
      if (match) {
        route = candidate;
        param = decodeURIComponent(match[1] ?? '');
        recordKey = decodeURIComponent(match[2] ?? '');
        break;
      }
    }
    const token = bearerToken(req) ?? url.searchParams.get('token') ?? undefined;
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      endpoint: route?.endpoint,
      query: Object.fromEntries(url.searchParams),
      token,
      userAgent: req.headers['user-agent'],
      contentEncoding: req.headers['content-encoding'],
      body: undefined,
      wireBytes: 0,
      status: 0,
      at: Date.now(),
    };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });

    const body = await readRequestBody(req, maxBodyBytes);
    record.body = body.value;
    record.wireBytes = body.wireBytes;

    const held = route ? holds.get(route.endpoint) : undefined;
    if (held) {
      held.arrived(record);
      await held.gate;
    }

    const fault = takeFault(route?.endpoint);
    if (fault && (await applyFault(fault, req, res))) return;

    if (!route) {
      sendApifyError(res, 404, 'page-not-found', `We have nothing at ${url.pathname}`);
      return;
    }
    const user = token === undefined ? undefined : usersByToken.get(token);
    if (!user) {
      // The real API's words for a wrong or revoked token (issue 31 item 6 saw them on screen).
      sendApifyError(res, 401, 'user-or-token-not-found', 'User was not found or authentication token is not valid');
      return;
    }
    const now = Date.now();

    if (route.endpoint === 'user.me') {
      sendJson(res, 200, {
        data: {
          id: user.id,
          username: user.username,
          email: `${user.username}@example.com`,
          profile: {},
          plan: { id: 'FREE' },
          createdAt: new Date(0).toISOString(),
        },
      });
      return;
    }

    if (route.endpoint === 'actor.start') {
      const actorId = normalizeActorId(param);
      const source = scripts.get(actorId) ?? options.defaultScenario;
      if (!source) {
        sendApifyError(res, 404, 'record-not-found', 'Actor was not found');
        return;
      }
      const run = createFakeRun({
        actorId,
        actId: actIdOf(actorId),
        userId: user.id,
        input: body.value,
        inputContentType: req.headers['content-type'] ?? 'application/json',
        inputBodyLen: body.bytes,
        meta: {
          origin: 'API',
          clientIp: req.socket.remoteAddress ?? null,
          userAgent: req.headers['user-agent'] ?? null,
        },
        scenario: resolveScenario(source, body.value),
        timeoutSecs: integerParam(url, 'timeout') ?? 3600,
        memoryMbytes: integerParam(url, 'memory') ?? 1024,
      });
      runs.set(run.id, run);
      runsByDataset.set(run.defaultDatasetId, run);
      runsByStore.set(run.defaultKeyValueStoreId, run);
      sendJson(res, 201, { data: runJson(run, now) });
      return;
    }

    if (route.endpoint === 'actor.runs') {
      const actorId = normalizeActorId(param);
      const mine = [...runs.values()].filter(
        (r) => (r.actorId === actorId || r.actId === param) && r.userId === user.id,
      );
      const known = scripts.has(actorId) || options.defaultScenario || mine.length > 0;
      if (!known) {
        sendApifyError(res, 404, 'record-not-found', 'Actor was not found');
        return;
      }
      for (const r of mine) advanceRun(r, now);
      sendJson(res, 200, { data: listRuns(mine, url, now) });
      return;
    }

    const run =
      route.param === 'dataset'
        ? runsByDataset.get(param)
        : route.param === 'store'
          ? runsByStore.get(param)
          : runs.get(param);
    if (!run) {
      const what =
        route.param === 'dataset'
          ? 'Dataset'
          : route.param === 'store'
            ? 'Key-value store'
            : 'Actor run';
      sendApifyError(res, 404, 'record-not-found', `${what} was not found`);
      return;
    }

    switch (route.endpoint) {
      case 'run.get': {
        run.polls += 1;
        advanceRun(run, now);
        const waitSecs = integerParam(url, 'waitForFinish') ?? 0;
        if (waitSecs > 0) await holdUntilFinished(run, waitSecs, req);
        sendJson(res, 200, { data: runJson(run, Date.now()) });
        return;
      }
      case 'run.abort':
        advanceRun(run, now);
        abortRun(run, now);
        sendJson(res, 200, { data: runJson(run, now) });
        return;
      case 'log.get':
        advanceRun(run, now);
        sendText(res, 200, logText(run, now));
        return;
      case 'dataset.get':
        advanceRun(run, now);
        sendJson(res, 200, { data: datasetJson(run, now) });
        return;
      case 'dataset.items':
        advanceRun(run, now);
        await sendItems(run, url, res, now);
        return;
      case 'kvs.record':
        // The store holds the run's INPUT (what the start's body was, with its Content-Type);
        // the fake's actors write nothing else there.
        if (recordKey !== 'INPUT' || run.input === undefined) {
          sendApifyError(res, 404, 'record-not-found', 'Record was not found');
          return;
        }
        if (typeof run.input === 'string') {
          sendText(res, 200, run.input);
          return;
        }
        res.writeHead(200, { 'content-type': run.inputContentType });
        res.end(JSON.stringify(run.input));
        return;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BadRequestError) {
        sendApifyError(res, error.status, error.type, error.message);
        return;
      }
      sendApifyError(res, 500, 'internal-server-error', `Fake Apify failed: ${String(error)}`);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token: firstToken,
    addToken,
    script(actorId, scenario) {
      scripts.set(normalizeActorId(actorId), scenario);
    },
    fault(fault) {
      faults.push({ ...fault, times: fault.times ?? 1 });
    },
    hold(endpoint) {
      let open = (): void => undefined;
      let arrived = (_r: RecordedRequest): void => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const first = new Promise<RecordedRequest>((resolve) => (arrived = resolve));
      holds.set(endpoint, { gate, arrived });
      return {
        arrived: first,
        release() {
          holds.delete(endpoint);
          open();
        },
      };
    },
    requests,
    runs(actorId) {
      const wanted = actorId === undefined ? undefined : normalizeActorId(actorId);
      const now = Date.now();
      return [...runs.values()]
        .filter((run) => wanted === undefined || run.actorId === wanted)
        .map((run) => ({
          id: run.id,
          actorId: run.actorId,
          input: run.input,
          status: run.status,
          statusMessage: run.statusMessage,
          datasetId: run.defaultDatasetId,
          userAgent: run.meta.userAgent,
          itemCount: visibleItemCount(run, now),
          polls: run.polls,
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          usageTotalUsd: usageTotalUsd(run, now),
        }));
    },
    reset() {
      requests.length = 0;
      runs.clear();
      runsByDataset.clear();
      runsByStore.clear();
      scripts.clear();
      faults.length = 0;
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

/** One page of the dataset as the API gives it: a bare array plus X-Apify-Pagination-* headers. */
async function sendItems(run: FakeRun, url: URL, res: ServerResponse, now: number): Promise<void> {
  const format = url.searchParams.get('format');
  if (format !== null && format !== 'json') {
    throw new BadRequestError(
      400,
      'invalid-parameter',
      'The fake Apify API serves only format=json',
    );
  }
  const total = visibleItemCount(run, now);
  const offset = integerParam(url, 'offset') ?? 0;
  // The API takes limit=0 as no limit, as apify-client assumes.
  const limit = integerParam(url, 'limit') || undefined;
  const clean = booleanParam(url, 'clean');
  const skipHidden = clean || booleanParam(url, 'skipHidden');
  const skipEmpty = clean || booleanParam(url, 'skipEmpty');
  const desc = booleanParam(url, 'desc');
  const start = Math.min(offset, total);
  const end = limit === undefined ? total : Math.min(total, offset + limit);
  const items = run.scenario.items;

  // Like the real API, hidden and empty items are dropped after paging, so Count can exceed
  // the items in the body.
  function* page(): Generator<unknown> {
    for (let i = start; i < end; i++) {
      const item = itemAt(items, desc ? total - 1 - i : i);
      const shown = skipHidden ? withoutHiddenFields(item) : item;
      if (skipEmpty && isEmptyItem(shown)) continue;
      yield shown;
    }
  }

  await streamJsonArray(
    res,
    200,
    {
      'x-apify-pagination-total': String(total),
      'x-apify-pagination-offset': String(offset),
      'x-apify-pagination-limit': String(limit ?? NO_LIMIT),
      'x-apify-pagination-count': String(end - start),
      'x-apify-pagination-desc': String(desc),
    },
    page(),
  );
}

/**
 * One page of an actor's runs as `GET /v2/actors/:actorId/runs` gives it: sorted by `startedAt`
 * (ascending unless `desc`), filtered by `status` (one or comma-separated) and the inclusive
 * `startedAfter`/`startedBefore`, at most 1000 a page.
 */
function listRuns(all: FakeRun[], url: URL, now: number): Record<string, unknown> {
  const offset = integerParam(url, 'offset') ?? 0;
  const asked = integerParam(url, 'limit');
  const limit = asked === undefined || asked === 0 ? MAX_RUNS_PAGE : Math.min(asked, MAX_RUNS_PAGE);
  const desc = booleanParam(url, 'desc');
  const statuses = url.searchParams.get('status')?.split(',').filter(Boolean);
  const after = dateParam(url, 'startedAfter');
  const before = dateParam(url, 'startedBefore');
  const matching = all
    .filter((run) => statuses === undefined || statuses.includes(run.status))
    .filter((run) => after === undefined || run.startedAt.getTime() >= after)
    .filter((run) => before === undefined || run.startedAt.getTime() <= before)
    // Stable: runs started in the same millisecond keep the order they were started in.
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  if (desc) matching.reverse();
  const items = matching.slice(offset, offset + limit).map((run) => runListItemJson(run, now));
  return { total: matching.length, offset, limit, desc, count: items.length, items };
}

function dateParam(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return undefined;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) {
    throw new BadRequestError(400, 'invalid-parameter', `${name} must be an ISO 8601 date`);
  }
  return at;
}

function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** `user/name` and `user~name` address the same actor; apify-client sends the latter. */
function normalizeActorId(actorId: string): string {
  return actorId.replace('/', '~');
}

function integerParam(url: URL, name: string): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new BadRequestError(400, 'invalid-parameter', `${name} must be a non-negative integer`);
  }
  return value;
}

/** apify-client sends booleans as 1/0; people write true/false. */
function booleanParam(url: URL, name: string): boolean {
  const raw = url.searchParams.get(name);
  return raw === '1' || raw === 'true';
}

function withoutHiddenFields(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  return Object.fromEntries(Object.entries(item).filter(([key]) => !key.startsWith('#')));
}

function isEmptyItem(item: unknown): boolean {
  return (
    item === null ||
    item === undefined ||
    (typeof item === 'object' && Object.keys(item).length === 0)
  );
}
