// A scrape task's states (spec part 1, section 7). A final one is never left again: the task
// is no longer polled and cannot be cancelled, only retried or deleted.

export const TASK_STATES = ['waiting', 'active', 'running', 'completed', 'failed', 'cancelled'] as const;
type TaskState = (typeof TASK_STATES)[number];

export const FINAL_TASK_STATES: readonly TaskState[] = ['completed', 'failed', 'cancelled'];

export function isFinalTaskState(state: string): boolean {
  return FINAL_TASK_STATES.some((final) => final === state);
}
