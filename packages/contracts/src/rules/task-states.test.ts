import { describe, expect, it } from 'vitest';
import { FINAL_TASK_STATES, isFinalTaskState, TASK_STATES } from './task-states.ts';

describe('task states', () => {
  it('counts completed, failed and cancelled as final, the rest as still going', () => {
    expect(TASK_STATES.filter(isFinalTaskState)).toEqual(['completed', 'failed', 'cancelled']);
    expect(FINAL_TASK_STATES.every((state) => TASK_STATES.includes(state))).toBe(true);
  });

  it('is false for a word that is no state', () => {
    expect(isFinalTaskState('done')).toBe(false);
    expect(isFinalTaskState('')).toBe(false);
  });
});
