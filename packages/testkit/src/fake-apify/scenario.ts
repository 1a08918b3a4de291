/** Every status an Apify actor run can have (the Apify API's ACTOR_JOB_STATUSES). */
export type FakeRunStatus =
  | 'READY'
  | 'RUNNING'
  | 'SUCCEEDED'
  | 'FAILED'
  | 'TIMING-OUT'
  | 'TIMED-OUT'
  | 'ABORTING'
  | 'ABORTED';

/** How a scripted run ends on its own (an abort through the API ends it as ABORTED anyway). */
export type FakeRunOutcome = 'SUCCEEDED' | 'FAILED' | 'ABORTED' | 'TIMED-OUT';

export const TERMINAL_STATUSES: readonly FakeRunStatus[] = [
  'SUCCEEDED',
  'FAILED',
  'TIMED-OUT',
  'ABORTED',
];

/**
 * Items made on demand: the fake calls `item(i)` only for the indices a request asks for, so
 * a dataset of millions of items costs nothing until it is read.
 */
export interface GeneratedItems {
  count: number;
  item: (index: number) => unknown;
}

/** What one run of a scripted actor does. */
export interface FakeScenario {
  /**
   * GETs of the run answered RUNNING before it finishes: with `polls: 2` the third GET sees
   * the final status. Unset together with `durationMs`: the first GET sees the final status.
   */
  polls?: number;
  /** Or: the run finishes this long after it started (whichever of the two comes first). */
  durationMs?: number;
  /** Default SUCCEEDED. */
  outcome?: FakeRunOutcome;
  /** The final status message (a default per outcome otherwise). */
  statusMessage?: string;
  /** The default dataset; items become visible in proportion to the run's progress. */
  items?: readonly unknown[] | GeneratedItems;
  /** Log lines (without newlines); they appear in proportion to the run's progress. */
  logLines?: readonly string[];
}

/** A scenario, or a function choosing one from the run input (per-input scripting). */
export type ScenarioSource = FakeScenario | ((input: unknown) => FakeScenario);

export function resolveScenario(source: ScenarioSource, input: unknown): FakeScenario {
  return typeof source === 'function' ? source(input) : source;
}

export function itemCountOf(items: FakeScenario['items']): number {
  if (items === undefined) return 0;
  return isGenerated(items) ? items.count : items.length;
}

export function itemAt(items: FakeScenario['items'], index: number): unknown {
  if (items === undefined) return undefined;
  return isGenerated(items) ? items.item(index) : items[index];
}

function isGenerated(items: readonly unknown[] | GeneratedItems): items is GeneratedItems {
  return !Array.isArray(items);
}
