import { randomBytes } from 'node:crypto';
import {
  defaultRunCostUsd,
  itemCountOf,
  roundUsd,
  TERMINAL_STATUSES,
  type FakeRunOutcome,
  type FakeRunStatus,
  type FakeScenario,
} from './scenario.ts';

/** One actor run inside the fake: the scenario plus how far it has got. */
export interface FakeRun {
  id: string;
  /** The actor as addressed in the URL, `user~name` (or a bare actor id). */
  actorId: string;
  actId: string;
  userId: string;
  input: unknown;
  /** The Content-Type the input was sent with: the run's INPUT record keeps it. */
  inputContentType: string;
  inputBodyLen: number;
  /** How the run was started, as the real API records it (`meta` of the run object). */
  meta: { origin: 'API'; clientIp: string | null; userAgent: string | null };
  scenario: FakeScenario;
  defaultDatasetId: string;
  defaultKeyValueStoreId: string;
  defaultRequestQueueId: string;
  startedAt: Date;
  finishedAt: Date | undefined;
  status: FakeRunStatus;
  statusMessage: string;
  /** GETs of the run so far: what `scenario.polls` counts. */
  polls: number;
  timeoutSecs: number;
  memoryMbytes: number;
  /** Set by an abort: what was visible (and spent) at that moment stays, nothing more appears. */
  frozen: { items: number; logLines: number; usageTotalUsd: number } | undefined;
}

/** Apify ids are 17 alphanumeric characters. */
export function apifyId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(17), (byte) => alphabet[byte % alphabet.length]).join('');
}

export function createFakeRun(fields: {
  actorId: string;
  actId: string;
  userId: string;
  input: unknown;
  inputContentType: string;
  inputBodyLen: number;
  meta: FakeRun['meta'];
  scenario: FakeScenario;
  timeoutSecs: number;
  memoryMbytes: number;
}): FakeRun {
  return {
    ...fields,
    id: apifyId(),
    defaultDatasetId: apifyId(),
    defaultKeyValueStoreId: apifyId(),
    defaultRequestQueueId: apifyId(),
    startedAt: new Date(),
    finishedAt: undefined,
    status: 'READY',
    statusMessage: 'Starting the Actor run',
    polls: 0,
    frozen: undefined,
  };
}

export function isTerminal(run: FakeRun): boolean {
  return TERMINAL_STATUSES.includes(run.status);
}

/** Brings the run up to date (called whenever it is looked at; only GETs of the run tick). */
export function advanceRun(run: FakeRun, now: number): void {
  if (isTerminal(run)) return;
  if (run.status === 'ABORTING') {
    finish(run, 'ABORTED', 'The Actor run was aborted', now);
    return;
  }
  if (isFinishDue(run, now)) {
    const outcome = run.scenario.outcome ?? 'SUCCEEDED';
    finish(run, outcome, run.scenario.statusMessage ?? defaultMessage(run, outcome), now);
    return;
  }
  if (run.polls > 0) {
    run.status = 'RUNNING';
    run.statusMessage = `Scraped ${visibleItemCount(run, now)} items so far`;
  }
}

export function abortRun(run: FakeRun, now: number): void {
  if (isTerminal(run) || run.status === 'ABORTING') return;
  run.frozen = {
    items: visibleItemCount(run, now),
    logLines: visibleLogLineCount(run, now),
    usageTotalUsd: usageTotalUsd(run, now),
  };
  run.status = 'ABORTING';
  run.statusMessage = 'Aborting the Actor run';
}

function finish(run: FakeRun, status: FakeRunOutcome, message: string, now: number): void {
  run.status = status;
  run.statusMessage = message;
  run.finishedAt = new Date(now);
}

function defaultMessage(run: FakeRun, outcome: FakeRunOutcome): string {
  switch (outcome) {
    case 'SUCCEEDED':
      return `Finished! Scraped ${itemCountOf(run.scenario.items)} items`;
    case 'FAILED':
      return 'The Actor process exited with code 1';
    case 'ABORTED':
      return 'The Actor run was aborted';
    case 'TIMED-OUT':
      return `The Actor run timed out after ${run.timeoutSecs} seconds`;
  }
}

function isFinishDue(run: FakeRun, now: number): boolean {
  const { polls, durationMs } = run.scenario;
  if (polls === undefined && durationMs === undefined) return run.polls >= 1;
  if (polls !== undefined && run.polls > polls) return true;
  return durationMs !== undefined && now - run.startedAt.getTime() >= durationMs;
}

/** 0 at the start, 1 when finished. */
function progress(run: FakeRun, now: number): number {
  if (isTerminal(run)) return 1;
  const { polls, durationMs } = run.scenario;
  const byPolls = polls === undefined ? 0 : run.polls / (polls + 1);
  const byTime = durationMs === undefined ? 0 : (now - run.startedAt.getTime()) / durationMs;
  return Math.min(1, Math.max(byPolls, byTime));
}

export function visibleItemCount(run: FakeRun, now: number): number {
  if (run.frozen) return run.frozen.items;
  return Math.floor(itemCountOf(run.scenario.items) * progress(run, now));
}

/** The scenario's cost when the run ends. */
function finalCostUsd(run: FakeRun): number {
  return run.scenario.usageTotalUsd ?? defaultRunCostUsd(itemCountOf(run.scenario.items));
}

/**
 * `usageTotalUsd` as Apify reports it: growing with the run's progress (0 before it starts
 * working), final once it has ended, and frozen by an abort at what was spent until then.
 */
export function usageTotalUsd(run: FakeRun, now: number): number {
  if (run.frozen) return run.frozen.usageTotalUsd;
  return roundUsd(finalCostUsd(run) * progress(run, now));
}

function visibleLogLineCount(run: FakeRun, now: number): number {
  if (run.frozen) return run.frozen.logLines;
  return Math.ceil((run.scenario.logLines?.length ?? 0) * progress(run, now));
}

/** Append-only as the run goes on, so offsets into it stay valid. */
export function logText(run: FakeRun, now: number): string {
  const lines = (run.scenario.logLines ?? []).slice(0, visibleLogLineCount(run, now));
  return lines.map((line) => `${line}\n`).join('');
}

/** The run object of the Apify API (the fields apify-client and our adapter read, and a few more). */
export function runJson(run: FakeRun, now: number): Record<string, unknown> {
  const endedAt = run.finishedAt?.getTime() ?? now;
  const durationMillis = endedAt - run.startedAt.getTime();
  const costUsd = usageTotalUsd(run, now);
  const usage = usageOf(run, visibleItemCount(run, now), costUsd);
  const running = !isTerminal(run);
  return {
    id: run.id,
    actId: run.actId,
    userId: run.userId,
    actorTaskId: null,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    status: run.status,
    statusMessage: run.statusMessage,
    isStatusMessageTerminal: isTerminal(run),
    meta: run.meta,
    stats: {
      inputBodyLen: run.inputBodyLen,
      migrationCount: 0,
      rebootCount: 0,
      restartCount: 0,
      resurrectCount: 0,
      memAvgBytes: 180_000_000,
      memMaxBytes: 310_000_000,
      memCurrentBytes: running ? 240_000_000 : 0,
      cpuAvgUsage: 35.5,
      cpuMaxUsage: 112.25,
      cpuCurrentUsage: running ? 41 : 0,
      netRxBytes: 2_500_000 + usage.units.DATASET_WRITES * 40_000,
      netTxBytes: 150_000 + usage.units.DATASET_WRITES * 2_000,
      durationMillis,
      runTimeSecs: durationMillis / 1000,
      metamorph: 0,
      computeUnits: usage.units.ACTOR_COMPUTE_UNITS,
    },
    options: {
      build: 'latest',
      timeoutSecs: run.timeoutSecs,
      memoryMbytes: run.memoryMbytes,
      diskMbytes: run.memoryMbytes * 2,
    },
    buildId: 'fakeBuild00000000',
    buildNumber: '0.0.1',
    exitCode: run.status === 'SUCCEEDED' ? 0 : run.status === 'FAILED' ? 1 : null,
    defaultKeyValueStoreId: run.defaultKeyValueStoreId,
    defaultDatasetId: run.defaultDatasetId,
    defaultRequestQueueId: run.defaultRequestQueueId,
    containerUrl: `https://${run.id}.runs.apify.net`,
    usage: usage.units,
    usageTotalUsd: costUsd,
    usageUsd: usage.usd,
  };
}

/**
 * A run as `GET /v2/actors/:actorId/runs` lists it: fewer fields than the run object (Apify's
 * RunListItem), `meta` included.
 */
export function runListItemJson(run: FakeRun, now: number): Record<string, unknown> {
  return {
    id: run.id,
    actId: run.actId,
    actorTaskId: null,
    userId: run.userId,
    status: run.status,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    buildId: 'fakeBuild00000000',
    buildNumber: '0.0.1',
    meta: run.meta,
    usageTotalUsd: usageTotalUsd(run, now),
    defaultKeyValueStoreId: run.defaultKeyValueStoreId,
    defaultDatasetId: run.defaultDatasetId,
    defaultRequestQueueId: run.defaultRequestQueueId,
  };
}

/** Apify's price of a dataset write, and of a compute unit (what the rest of the cost is). */
const USD_PER_DATASET_WRITE = 0.000005;
const USD_PER_COMPUTE_UNIT = 0.3;

/**
 * The run's `usage` (units) and `usageUsd` (dollars) in Apify's shape: every visible item
 * was one dataset write, the rest of the cost is compute; the dollars add up to
 * `usageTotalUsd`.
 */
function usageOf(run: FakeRun, items: number, costUsd: number) {
  const writesUsd = Math.min(costUsd, items * USD_PER_DATASET_WRITE);
  const computeUsd = roundUsd(costUsd - writesUsd);
  const keys = {
    DATASET_READS: 0,
    KEY_VALUE_STORE_READS: run.polls > 0 ? 1 : 0,
    KEY_VALUE_STORE_WRITES: 1,
    KEY_VALUE_STORE_LISTS: 0,
    REQUEST_QUEUE_READS: 0,
    REQUEST_QUEUE_WRITES: 0,
    DATA_TRANSFER_INTERNAL_GBYTES: 0,
    DATA_TRANSFER_EXTERNAL_GBYTES: 0,
    PROXY_RESIDENTIAL_TRANSFER_GBYTES: 0,
    PROXY_SERPS: 0,
  };
  return {
    units: {
      ACTOR_COMPUTE_UNITS: roundUsd(computeUsd / USD_PER_COMPUTE_UNIT),
      DATASET_WRITES: items,
      ...keys,
    },
    usd: {
      ACTOR_COMPUTE_UNITS: computeUsd,
      DATASET_WRITES: roundUsd(costUsd - computeUsd),
      ...Object.fromEntries(Object.keys(keys).map((key) => [key, 0])),
    },
  };
}

export function datasetJson(run: FakeRun, now: number): Record<string, unknown> {
  const itemCount = visibleItemCount(run, now);
  return {
    id: run.defaultDatasetId,
    name: null,
    userId: run.userId,
    createdAt: run.startedAt.toISOString(),
    modifiedAt: new Date(now).toISOString(),
    accessedAt: new Date(now).toISOString(),
    itemCount,
    cleanItemCount: itemCount,
    actId: run.actId,
    actRunId: run.id,
  };
}
