import type { ListTaskLogsResponse, Task, TaskLog } from '@scrapper/contracts/http/scrape';

// A status answer carries only a task's newest lines (TASK_LOG_TAIL) and how many it has in
// all. The dashboard keeps the lines it has and asks only for those after its last one, so a
// long log is sent once, not on every poll.

/** What the dashboard holds of a task's log. */
export interface HeldLogs {
  /** The lines, oldest first. */
  lines: TaskLog[];
  /**
   * True: `lines` is the log from its first line on (the full log, up to the last poll).
   * False: only the newest lines of a status answer, a preview shown until the rest loads.
   */
  loaded: boolean;
}

/** Every line of a task after line `after`, as known when it was fetched. */
export interface LogUpdate {
  after: number;
  lines: TaskLog[];
}

/** A status answer and the log lines it brought. */
export interface TaskUpdate {
  task: Task;
  /** Null: nothing to add to the held lines (a preview task shows the answer's newest lines). */
  logs: LogUpdate | null;
}

export type FetchLogPage = (after: number, signal: AbortSignal) => Promise<ListTaskLogsResponse>;

/** Every line after `after`, page by page. */
export async function fetchLinesAfter(after: number, fetchPage: FetchLogPage, signal: AbortSignal): Promise<TaskLog[]> {
  const lines: TaskLog[] = [];
  let cursor = after;
  for (;;) {
    const page = await fetchPage(cursor, signal);
    lines.push(...page.logs);
    const last = page.logs.at(-1);
    if (!page.hasMore || !last) return lines;
    cursor = last.id;
  }
}

/**
 * What must be added to `held` after `task` (a status answer): its newest lines when they
 * follow on from the held ones, else the lines after the last held one, fetched. A preview
 * (not loaded) fetches nothing: it becomes the full log only when the answer's lines are all
 * there is.
 */
export async function logUpdateFor(held: HeldLogs, task: Task, fetchPage: FetchLogPage, signal: AbortSignal): Promise<LogUpdate | null> {
  if (!held.loaded) return task.logs.length >= task.logCount ? { after: 0, lines: task.logs } : null;
  const after = held.lines.at(-1)?.id ?? 0;
  const fresh = task.logs.filter((line) => line.id > after);
  if (held.lines.length + fresh.length >= task.logCount) return { after, lines: fresh };
  return { after, lines: await fetchLinesAfter(after, fetchPage, signal) };
}

/**
 * The held lines after an update. Loaded lines only grow, by the update's lines past the last
 * held one (an update that starts later than that would leave a gap, and is ignored: the next
 * poll asks again). A preview becomes loaded from an update of the whole log, else shows the
 * answer's newest lines.
 */
export function mergeLogs(held: HeldLogs, task: Task, update: LogUpdate | null): HeldLogs {
  if (held.loaded) {
    const last = held.lines.at(-1)?.id ?? 0;
    if (!update || update.after > last) return held;
    const added = update.lines.filter((line) => line.id > last);
    return added.length === 0 ? held : { lines: [...held.lines, ...added], loaded: true };
  }
  if (update && update.after === 0) return { lines: update.lines, loaded: true };
  return { lines: task.logs, loaded: false };
}

/**
 * The further on of two holdings of one log: the screen's lags behind an update until React
 * has rendered it (a poll may start before that, when a change came during the last one), the
 * poller's own misses lines loaded elsewhere. Loaded beats a preview; then the later last line.
 */
export function furtherHeld(a: HeldLogs, b: HeldLogs): HeldLogs {
  if (a.loaded !== b.loaded) return a.loaded ? a : b;
  return (a.lines.at(-1)?.id ?? 0) >= (b.lines.at(-1)?.id ?? 0) ? a : b;
}
