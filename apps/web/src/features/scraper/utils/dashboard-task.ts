import type {
  PlatformConfig,
  ScrapeCounts,
  ScrapeHistoryRecord,
  Task,
  TaskLog,
  TaskState,
} from '@scrapper/contracts/http/scrape';
import { isFinalTaskState } from '@scrapper/contracts/rules/task-states';
import { mergeLogs, type LogUpdate } from './task-logs.ts';

// The dashboard's task list mixes three sources: tasks started here, the server's active
// tasks, and history records (finished tasks, which carry no logs). This is the one shape
// the list, the log card and the poller work with.

export type TaskLogLine = TaskLog;

export interface DashboardTask {
  id: string;
  state: TaskState;
  platformId: string;
  platformName: string;
  target: string;
  progress: { percentage: number; itemsFound: number };
  /** The log lines held, oldest first: the full log when `logsLoaded` (see task-logs.ts). */
  logs: TaskLogLine[];
  /**
   * True when `logs` is the task's log from its first line. False for history records until
   * the log card asks for them, and for a task whose status answer had only its newest lines.
   */
  logsLoaded: boolean;
  result: { fileName: string; itemCount: number } | null;
  /** What the run kept and why it left the rest out; null until the dataset was read. */
  counts: ScrapeCounts | null;
  /** Found items but kept none: why, and what to do. */
  warning: string | null;
  /** One Indonesian sentence; `errorDetail` holds Apify's own words. */
  error: string | null;
  errorDetail: string | null;
  owner: string | null;
  /** When it started (or finished, for history records); sorts the list. */
  at: string;
  isFromHistory: boolean;
  /** What its Apify run has cost so far (final once finished), USD; null when unknown. */
  usageTotalUsd: number | null;
}

export function isFinalState(state: TaskState): boolean {
  return isFinalTaskState(state);
}

/** Waiting, active and running tasks are polled; the same ones can be cancelled. */
export function isPollable(state: TaskState): boolean {
  return !isFinalState(state);
}

export const canCancel = isPollable;
export const canDelete = isFinalState;

/** "Coba Lagi" is offered for tasks that ended without a result. */
export function canRetry(state: TaskState): boolean {
  return state === 'failed' || state === 'cancelled';
}

export const TASK_STATE_LABELS: Record<TaskState, string> = {
  waiting: 'Menunggu',
  active: 'Aktif',
  running: 'Berjalan',
  completed: 'Selesai',
  failed: 'Gagal',
  cancelled: 'Dibatalkan',
};

function firstText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstText).find((text) => text !== '') ?? '';
  if (typeof value === 'object' && value !== null && 'url' in value) return firstText(value.url);
  return '';
}

/** The target of a server task: under the platform's key for its kind, else its inputKey. */
export function taskTarget(task: Task, platforms: PlatformConfig[]): string {
  const { platformId, scrapeType } = task.data.platformInfo;
  const platform = platforms.find((p) => p.platformId === platformId);
  const keys = platform
    ? [platform.inputKeys[scrapeType], platform.inputKey]
    : Object.keys(task.data.input);
  for (const key of keys) {
    const text = key ? firstText(task.data.input[key]) : '';
    if (text) return text;
  }
  return '';
}

export function fromTask(task: Task, platforms: PlatformConfig[]): DashboardTask {
  const info = task.data.platformInfo;
  return {
    id: task.id,
    state: task.state,
    platformId: info.platformId,
    platformName: info.displayName || info.platformId,
    target: taskTarget(task, platforms),
    progress: task.progress,
    logs: task.logs,
    // A status answer holds the newest lines only; they are the whole log when it is short.
    logsLoaded: task.logs.length >= task.logCount,
    result: task.result
      ? { fileName: task.result.fileName, itemCount: task.result.itemCount }
      : null,
    counts: task.counts,
    warning: task.warning,
    error: task.error,
    errorDetail: task.errorDetail,
    owner: task.owner.username,
    at: task.createdAt,
    isFromHistory: false,
    usageTotalUsd: task.usageTotalUsd,
  };
}

export function fromHistory(
  record: ScrapeHistoryRecord,
  platforms: PlatformConfig[],
): DashboardTask {
  const platform = platforms.find((p) => p.platformId === record.platform);
  const itemCount = record.itemCount ?? 0;
  return {
    id: record.jobId,
    state: record.status,
    platformId: record.platform,
    platformName: platform?.displayName ?? record.platform,
    target: record.target,
    // "Item ditemukan" is what the run found (the counts), not what was kept: a Facebook run that
    // found 20 posts and kept none says 20 here, as it did while it ran.
    progress: { percentage: record.status === 'completed' ? 100 : 0, itemsFound: record.counts?.found ?? itemCount },
    logs: [],
    logsLoaded: false,
    result: record.resultFileName ? { fileName: record.resultFileName, itemCount } : null,
    counts: record.counts,
    warning: record.warning,
    error: record.error,
    errorDetail: record.errorDetail,
    owner: record.username,
    at: record.completedAt ?? '',
    isFromHistory: true,
    usageTotalUsd: record.usageTotalUsd,
  };
}

/**
 * A status answer applied to a task in the list. What the list already knows better stays:
 * the target typed here, the platform name, and the log lines held (`logs`: the lines the
 * answer brought after them).
 */
export function applyStatus(
  current: DashboardTask,
  task: Task,
  platforms: PlatformConfig[],
  logs: LogUpdate | null = null,
): DashboardTask {
  const next = fromTask(task, platforms);
  const held = mergeLogs({ lines: current.logs, loaded: current.logsLoaded }, task, logs);
  return {
    ...next,
    logs: held.lines,
    logsLoaded: held.loaded,
    target: current.target || next.target,
    platformName: current.platformName || next.platformName,
    isFromHistory: current.isFromHistory,
  };
}

export type TasksAction =
  | { type: 'loaded'; tasks: DashboardTask[] }
  | { type: 'added'; task: DashboardTask }
  | { type: 'updated'; task: Task; logs?: LogUpdate | null; platforms: PlatformConfig[] }
  | { type: 'removed'; id: string };

function newestFirst(a: DashboardTask, b: DashboardTask): number {
  return b.at.localeCompare(a.at);
}

/** The task list: newest first, each id once. */
export function tasksReducer(tasks: DashboardTask[], action: TasksAction): DashboardTask[] {
  switch (action.type) {
    case 'loaded': {
      // Tasks started here before the lists arrived are kept; a task that finished between
      // the two server calls appears in both lists, and its final form wins.
      const byId = new Map<string, DashboardTask>();
      for (const task of [...tasks, ...action.tasks]) {
        const known = byId.get(task.id);
        if (!known || (!isFinalState(known.state) && isFinalState(task.state))) {
          byId.set(task.id, task);
        }
      }
      return [...byId.values()].sort(newestFirst);
    }
    case 'added':
      return [action.task, ...tasks.filter((task) => task.id !== action.task.id)];
    case 'updated':
      return tasks.map((task) =>
        task.id === action.task.id
          ? applyStatus(task, action.task, action.platforms, action.logs ?? null)
          : task,
      );
    case 'removed':
      return tasks.filter((task) => task.id !== action.id);
  }
}

/** A task just started here: waiting, no progress, no logs yet (spec section 4). */
export function startedTask(
  id: string,
  platform: Pick<PlatformConfig, 'platformId' | 'displayName'>,
  target: string,
  owner: string | null,
  at: string = new Date().toISOString(),
): DashboardTask {
  return {
    id,
    state: 'waiting',
    platformId: platform.platformId,
    platformName: platform.displayName,
    target,
    progress: { percentage: 0, itemsFound: 0 },
    logs: [],
    logsLoaded: true,
    result: null,
    counts: null,
    warning: null,
    error: null,
    errorDetail: null,
    owner,
    at,
    isFromHistory: false,
    usageTotalUsd: null,
  };
}
