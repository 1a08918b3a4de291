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
  /**
   * What the run costs in USD when it ends (its `usageTotalUsd`); while it runs the cost grows
   * in proportion to its progress, and an abort keeps what was spent by then. Default:
   * `defaultRunCostUsd(items)`, a pay-per-result actor's price.
   */
  usageTotalUsd?: number;
}

/**
 * A run's cost when its scenario names none: $0.005 to start plus $0.0004 per item (a pay-
 * per-result actor at $0.40 per 1,000 results), rounded to the millionth like Apify's figures.
 */
export function defaultRunCostUsd(itemCount: number): number {
  return roundUsd(0.005 + 0.0004 * itemCount);
}

/** To the millionth of a dollar: the precision the product stores (numeric(12,6)). */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
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
