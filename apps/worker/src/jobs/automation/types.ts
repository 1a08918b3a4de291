import type { JobContext } from '../types.ts';

export type Tx = Parameters<Parameters<JobContext['database']['transaction']>[0]>[0];
/** What a step leaves: go on now, wait (a job sent for later), or the run is over. */
export type Step = 'continue' | 'wait' | 'done';
