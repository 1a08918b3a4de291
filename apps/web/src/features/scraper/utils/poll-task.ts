import { ApiError, isAbortError } from '@/lib/api-error.ts';
import { changeWaiter } from '@/lib/events.ts';
import { isFinalState } from './dashboard-task.ts';
import type { TaskUpdate } from './task-logs.ts';

/** Spec part 1, section 9: task status polling every 5000 ms. */
export const POLL_INTERVAL_MS = 5000;

export type PollEnd = 'final' | 'gone' | 'aborted';

export interface PollTaskOptions {
  /** The task's status and the log lines after those held (see task-logs.ts). */
  fetchTask: (signal: AbortSignal) => Promise<TaskUpdate>;
  /** Every status received, the final one included. */
  onUpdate: (update: TaskUpdate) => void;
  /** A failed status call; polling goes on (spec: logged only, no message). */
  onError?: (error: unknown) => void;
  signal: AbortSignal;
  intervalMs?: number;
  /** The live cursor taken before the task on screen was loaded (lib/events.ts). */
  since?: number;
}

/**
 * Asks for a task's status every `intervalMs` until it is completed, failed or cancelled,
 * until the server says it no longer exists (404), or until `signal` aborts (the task left
 * the list, or the page was closed). Other failures are reported and polling continues.
 */
export async function pollTask({
  fetchTask,
  onUpdate,
  onError,
  signal,
  intervalMs = POLL_INTERVAL_MS,
  since,
}: PollTaskOptions): Promise<PollEnd> {
  const wait = changeWaiter(['scrape.task'], { signal, since });
  for (;;) {
    try {
      await wait(intervalMs);
    } catch {
      return 'aborted';
    }
    try {
      const update = await fetchTask(signal);
      if (signal.aborted) return 'aborted';
      onUpdate(update);
      if (isFinalState(update.task.state)) return 'final';
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return 'aborted';
      if (error instanceof ApiError && error.status === 404) return 'gone';
      onError?.(error);
    }
  }
}
