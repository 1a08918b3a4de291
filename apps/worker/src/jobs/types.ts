import type { JobPayload, QueueName } from '@scrapper/contracts/jobs';
import type { Database } from '@scrapper/db/client';

export interface JobContext {
  database: Database;
  workerId: string;
  /** Aborts when the job outlives its expiry or the worker is told to stop. */
  signal: AbortSignal;
  /** This attempt's number, from 0, and how many retries the queue allows. */
  retryCount: number;
  retryLimit: number;
  isLastAttempt: boolean;
}

export type JobHandler<Q extends QueueName> = (payload: JobPayload<Q>, ctx: JobContext) => Promise<void>;
