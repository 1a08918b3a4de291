import { ApifyApiError, ApifyClient, type ActorRun } from 'apify-client';

/** Every status of an actor run (apify's ACTOR_JOB_STATUSES). */
export type ApifyRunStatus =
  | 'READY'
  | 'RUNNING'
  | 'SUCCEEDED'
  | 'FAILED'
  | 'TIMING-OUT'
  | 'TIMED-OUT'
  | 'ABORTING'
  | 'ABORTED';

const RUN_STATUSES: readonly ApifyRunStatus[] = [
  'READY',
  'RUNNING',
  'SUCCEEDED',
  'FAILED',
  'TIMING-OUT',
  'TIMED-OUT',
  'ABORTING',
  'ABORTED',
];

export const TERMINAL_RUN_STATUSES: readonly ApifyRunStatus[] = [
  'SUCCEEDED',
  'FAILED',
  'TIMED-OUT',
  'ABORTED',
];

export function isTerminalRunStatus(status: ApifyRunStatus): boolean {
  return TERMINAL_RUN_STATUSES.includes(status);
}

export interface ApifyOptions {
  token: string;
  /** API root without `/v2` (apify-client appends it), e.g. APIFY_BASE_URL. */
  baseUrl: string;
  /**
   * apify-client's own retries of 429, 5xx and network errors, for reads and aborts only.
   * Default 2: enough for a blip; anything longer belongs to our job layer, which retries
   * with backoff and honours Retry-After. apify-client's default (8, about two minutes) would
   * hold a worker slot and hide outages. Starting a run is never retried here (see startRun).
   */
  maxRetries?: number;
  /** Per HTTP request. Default 90: above the 60 s long-poll of getRun. */
  timeoutSecs?: number;
  /** First delay between apify-client's retries (then doubling, randomised). Default 500. */
  minRetryDelayMs?: number;
}

export interface StartedRun {
  runId: string;
  datasetId: string;
  status: ApifyRunStatus;
}

export interface ApifyRunSummary {
  runId: string;
  /** Apify's id of the actor (not its `user/name`). */
  actId: string;
  status: ApifyRunStatus;
  isTerminal: boolean;
  statusMessage: string | undefined;
  datasetId: string;
  /** Items in the default dataset so far; undefined when Apify could not say just now. */
  itemCount: number | undefined;
  startedAt: Date | undefined;
  finishedAt: Date | undefined;
  /**
   * What the run has cost so far in USD (Apify's `usageTotalUsd`: platform usage, plus the
   * events or results a paid actor charged); final once the run is terminal. Undefined when
   * Apify did not say (older API versions, a token without access to billing data).
   */
  usageTotalUsd: number | undefined;
}

export type TokenCheck =
  | { ok: true; username: string }
  | {
      ok: false;
      /** invalid-token: Apify refused it; unavailable: try again later; rejected: anything else. */
      reason: 'invalid-token' | 'unavailable' | 'rejected';
      message: string;
    };

export interface LogLines {
  /** Complete lines after the offset, without their newlines. */
  lines: string[];
  /** Pass it to the next call. */
  nextOffset: number;
}

export interface ItemsPage {
  /** Raw items as the actor wrote them: parse them with the contract schemas. */
  items: unknown[];
  /** Position of the first item of this page in the dataset. */
  offset: number;
  /** Items in the dataset when this page was read. */
  total: number;
}

export interface StartRunOptions {
  /**
   * A start marker (`isStartMarker`): sent in the User-Agent of the start request, which Apify
   * keeps as the run's `meta.userAgent`, so `findMarkedRuns` can find the run when its answer
   * was lost. The actor's input is left exactly as given.
   */
  marker?: string;
}

export interface Apify {
  validateToken(): Promise<TokenCheck>;
  startRun(actorId: string, input: unknown, options?: StartRunOptions): Promise<StartedRun>;
  /**
   * Runs of `actorId` under this token's account, started at or after `since` (Apify's clock),
   * whose start carried `marker`; oldest first (the newest 20,000 runs since then are looked at). Empty when there are none (or the runs live
   * under another account: Apify lists only the token's own).
   */
  findMarkedRuns(actorId: string, marker: string, since: Date): Promise<StartedRun[]>;
  /** undefined when Apify knows no such run (right after a start this can be replica lag). */
  getRun(runId: string, waitSecs?: number): Promise<ApifyRunSummary | undefined>;
  abortRun(runId: string): Promise<ApifyRunSummary>;
  /** The whole log so far ('' when there is none yet). */
  readLog(runId: string): Promise<string>;
  /** Lines added since `fromOffset`; `final` also returns a last line without a newline. */
  readNewLogLines(
    runId: string,
    fromOffset: number,
    options?: { final?: boolean },
  ): Promise<LogLines>;
  /** The dataset a page at a time (offset/limit), never holding more than one page. */
  iterateItems(
    datasetId: string,
    pageSize?: number,
    options?: { clean?: boolean },
  ): AsyncGenerator<ItemsPage, void, undefined>;
}

/** Every failure of this module: apify-client's own errors never leave it. */
export class ApifyError extends Error {
  override readonly name = 'ApifyError';
  /** HTTP status; undefined for network errors. */
  readonly statusCode: number | undefined;
  /** Apify's error type, e.g. `token-not-valid`, `record-not-found`, `rate-limit-exceeded`. */
  readonly type: string | undefined;
  /** Worth retrying later: network errors, 408, 429 and 5xx (the one retry word: see retry.ts). */
  readonly retryable: boolean;
  /** From the Retry-After header, when Apify sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    fields: {
      statusCode?: number;
      type?: string;
      retryable: boolean;
      retryAfterMs?: number;
      cause?: unknown;
    },
  ) {
    super(message, { cause: fields.cause });
    this.statusCode = fields.statusCode;
    this.type = fields.type;
    this.retryable = fields.retryable;
    this.retryAfterMs = fields.retryAfterMs;
  }
}

/** The User-Agent product that carries a start marker: `scrapper-start/<marker>`. */
export const START_MARKER_PRODUCT = 'scrapper-start';
const MARKER_PATTERN = /^[A-Za-z0-9._~-]{8,100}$/;
/** The real API lists at most 1000 runs a page. */
const RUNS_PAGE = 1000;
/** Pages of runs looked through for a marker before giving up (20,000 runs since the start). */
const MAX_RUN_PAGES = 20;

/** A marker fit for a User-Agent product version: 8-100 of `A-Z a-z 0-9 . _ ~ -`. */
export function isStartMarker(marker: string): boolean {
  return MARKER_PATTERN.test(marker);
}

/** Whether a run's `meta.userAgent` carries this marker (as a whole `; `-separated part). */
export function userAgentCarriesMarker(userAgent: unknown, marker: string): boolean {
  if (typeof userAgent !== 'string') return false;
  const wanted = `${START_MARKER_PRODUCT}/${marker}`;
  return userAgent.split(';').some((part) => part.trim() === wanted);
}

/** The real API long-polls `waitForFinish` for at most 60 s. */
const MAX_WAIT_SECS = 60;
/** Room between the long-poll and the request timeout. */
const WAIT_HEADROOM_SECS = 5;

/** Axios error codes that mean our request or configuration is wrong, not the network. */
const NON_NETWORK_AXIOS_CODES = new Set([
  'ERR_BAD_OPTION',
  'ERR_BAD_OPTION_VALUE',
  'ERR_DEPRECATED',
  'ERR_INVALID_URL',
  'ERR_NOT_SUPPORT',
  'ERR_CANCELED',
]);

const RETRY_AFTER = Symbol('retryAfter');

export function createApify(options: ApifyOptions): Apify {
  const timeoutSecs = options.timeoutSecs ?? 90;
  const common = {
    token: options.token,
    baseUrl: options.baseUrl,
    timeoutSecs,
    minDelayBetweenRetriesMillis: options.minRetryDelayMs ?? 500,
    userAgentSuffix: 'scrapper',
  };
  const reads = new ApifyClient({ ...common, maxRetries: options.maxRetries ?? 2 });
  keepRetryAfter(reads);

  // POST /runs is not idempotent: a retried 5xx or timeout can start a second (paid) run.
  // One attempt; the job layer decides, knowing whether a run id was stored (and looking for a
  // marked run first). A client per start: the marker rides in its User-Agent.
  function starter(marker: string | undefined): ApifyClient {
    const userAgentSuffix = marker === undefined ? ['scrapper'] : ['scrapper', `${START_MARKER_PRODUCT}/${marker}`];
    const client = new ApifyClient({ ...common, userAgentSuffix, maxRetries: 0 });
    keepRetryAfter(client);
    return client;
  }

  async function getRun(runId: string, waitSecs = 0): Promise<ApifyRunSummary | undefined> {
    const wait = Math.max(
      0,
      Math.min(Math.floor(waitSecs), MAX_WAIT_SECS, timeoutSecs - WAIT_HEADROOM_SECS),
    );
    const run = await guarded(() => reads.run(runId).get(wait > 0 ? { waitForFinish: wait } : {}));
    if (!run) return undefined;
    return summarize(run, await countItems(run.defaultDatasetId));
  }

  /** Best effort: the count only feeds progress, so a hiccup here must not fail the poll. */
  async function countItems(datasetId: string): Promise<number | undefined> {
    try {
      const dataset = await reads.dataset(datasetId).get();
      return dataset?.itemCount;
    } catch (error) {
      const failure = toApifyError(error);
      if (failure.retryable) return undefined;
      throw failure;
    }
  }

  async function readLog(runId: string): Promise<string> {
    return (await guarded(() => reads.log(runId).get())) ?? '';
  }

  return {
    async validateToken() {
      try {
        const user = await reads.user('me').get();
        if (!user) {
          return {
            ok: false,
            reason: 'invalid-token',
            message: 'Apify knows no user for this token',
          };
        }
        return { ok: true, username: user.username };
      } catch (error) {
        const failure = toApifyError(error);
        if (failure.statusCode === 401 || failure.statusCode === 403) {
          return { ok: false, reason: 'invalid-token', message: failure.message };
        }
        const reason = failure.retryable ? 'unavailable' : 'rejected';
        return { ok: false, reason, message: failure.message };
      }
    },

    // start(), never call(): call() also streams the log and blocks until the run ends, one
    // long promise that reports no progress and does not survive a worker restart.
    async startRun(actorId, input, { marker } = {}) {
      if (marker !== undefined && !isStartMarker(marker)) throw new RangeError('not a start marker');
      const run = await guarded(() => starter(marker).actor(actorId).start(input));
      return { runId: run.id, datasetId: run.defaultDatasetId, status: parseStatus(run.status) };
    },

    async findMarkedRuns(actorId, marker, since) {
      if (!isStartMarker(marker)) throw new RangeError('not a start marker');
      const found = new Map<string, StartedRun>();
      // Newest first: the run looked for is among the latest. Runs started while paging push
      // the rest to later offsets, so a page may repeat a run (kept once) but never skips one.
      // Paging also stops at runs older than `since`, should `startedAfter` be ignored.
      for (let page = 0, offset = 0; page < MAX_RUN_PAGES; page++) {
        const list = await guarded(() =>
          reads.actor(actorId).runs().list({ desc: true, startedAfter: since.toISOString(), offset, limit: RUNS_PAGE }),
        );
        for (const run of list.items) {
          if (!found.has(run.id) && userAgentCarriesMarker(run.meta?.userAgent, marker)) {
            found.set(run.id, { runId: run.id, datasetId: run.defaultDatasetId, status: parseStatus(run.status) });
          }
        }
        offset += list.items.length;
        const oldest = list.items.at(-1)?.startedAt;
        const pastSince = oldest instanceof Date && oldest.getTime() < since.getTime();
        if (list.items.length === 0 || offset >= list.total || pastSince) break;
      }
      // Oldest first: the first start is the one to keep.
      return [...found.values()].reverse();
    },

    getRun,

    async abortRun(runId) {
      // Aborting is idempotent (a finished run is left as it is), so retries are safe.
      const run = await guarded(() => reads.run(runId).abort());
      return summarize(run, undefined);
    },

    readLog,

    async readNewLogLines(runId, fromOffset, { final = false } = {}) {
      // The API serves the whole log (no ranges), so the offset is applied here.
      const text = await readLog(runId);
      const from = Math.min(Math.max(0, fromOffset), text.length);
      const end = final ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= from) return { lines: [], nextOffset: from };
      const lines = text.slice(from, end).split('\n');
      if (lines.at(-1) === '') lines.pop();
      return { lines: lines.map((line) => line.replace(/\r$/, '')), nextOffset: end };
    },

    async *iterateItems(datasetId, pageSize = 1000, { clean = false } = {}) {
      if (!Number.isInteger(pageSize) || pageSize < 1) {
        throw new RangeError('pageSize must be a positive integer');
      }
      let offset = 0;
      for (;;) {
        const page = await guarded(async () =>
          reads.dataset(datasetId).listItems({ offset, limit: pageSize, clean }),
        );
        if (page.items.length > 0) yield { items: page.items, offset, total: page.total };
        // Step by what the API says it applied: with `clean` a page can hold fewer items than
        // it covered, so counting the items would read some twice.
        offset += page.limit > 0 && page.limit < pageSize ? page.limit : pageSize;
        const done = Number.isFinite(page.total)
          ? offset >= page.total
          : page.items.length < pageSize;
        if (done) return;
      }
    },
  };
}

/** Network errors, 408, 429 and 5xx: worth another try later. */
function secondsToMs(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : seconds * 1000;
}

export function isRetryableApifyError(error: unknown): boolean {
  return toApifyError(error).retryable;
}

/** Classifies anything thrown by apify-client (or already an ApifyError). */
export function toApifyError(error: unknown): ApifyError {
  if (error instanceof ApifyError) return error;
  if (error instanceof ApifyApiError) {
    const status = error.statusCode;
    const retryAfter: unknown = error.data ? Reflect.get(error.data, RETRY_AFTER) : undefined;
    return new ApifyError(error.message || `Apify answered ${status}`, {
      statusCode: status,
      type: error.type,
      retryable: status === 408 || status === 429 || status >= 500,
      retryAfterMs: typeof retryAfter === 'string' ? secondsToMs(parseRetryAfter(retryAfter)) : undefined,
      cause: error,
    });
  }
  if (isNetworkError(error)) {
    return new ApifyError(`Apify is unreachable: ${messageOf(error)}`, {
      retryable: true,
      cause: error,
    });
  }
  return new ApifyError(messageOf(error), { retryable: false, cause: error });
}

/** Retry-After is seconds or an HTTP date; undefined when neither. */
export function parseRetryAfter(value: string, now = Date.now()): number | undefined {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toApifyError(error);
  }
}

function summarize(run: ActorRun, itemCount: number | undefined): ApifyRunSummary {
  const status = parseStatus(run.status);
  return {
    runId: run.id,
    actId: run.actId,
    status,
    isTerminal: isTerminalRunStatus(status),
    statusMessage: run.statusMessage || undefined,
    datasetId: run.defaultDatasetId,
    itemCount,
    // apify-client turns *At fields into Dates, and leaves nulls as they are.
    startedAt: run.startedAt instanceof Date ? run.startedAt : undefined,
    finishedAt: run.finishedAt instanceof Date ? run.finishedAt : undefined,
    usageTotalUsd: usdOf(run.usageTotalUsd),
  };
}

/** A cost as Apify sends it: a finite, non-negative number, else unknown. */
function usdOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function parseStatus(status: string): ApifyRunStatus {
  const known = RUN_STATUSES.find((candidate) => candidate === status);
  if (!known)
    throw new ApifyError(`Apify sent an unknown run status: ${status}`, { retryable: false });
  return known;
}

/**
 * apify-client drops response headers on its errors (ApifyApiError keeps status, type, message
 * and `error.data`), and ignores Retry-After when it retries. So a response interceptor on its
 * axios instance tucks the header into `error.data` under a symbol, where toApifyError finds it.
 * Registered after apify-client's own interceptors, it sees the parsed body.
 */
function keepRetryAfter(client: ApifyClient): void {
  client.httpClient.axios.interceptors.response.use((response) => {
    const header: unknown = response.headers['retry-after'];
    if (response.status < 400 || typeof header !== 'string') return response;
    const body: unknown = response.data;
    if (isRecord(body) && isRecord(body.error)) {
      const data = isRecord(body.error.data) ? body.error.data : {};
      body.error.data = { ...data, [RETRY_AFTER]: header };
      return response;
    }
    // Not Apify's error shape (e.g. a proxy's HTML page): keep the text as the message.
    const text =
      typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : '';
    response.data = {
      error: {
        message: `Unexpected error: ${text.slice(0, 500)}`,
        data: { [RETRY_AFTER]: header },
      },
    };
    return response;
  });
}

function isNetworkError(error: unknown): boolean {
  if (!isRecord(error)) return false;
  // A half-received body: apify-client's own retry treats it as a network failure too.
  if (error.name === 'InvalidResponseBodyError') return true;
  if (error.isAxiosError !== true) return false;
  return !(typeof error.code === 'string' && NON_NETWORK_AXIOS_CODES.has(error.code));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
