import type { TargetJobRows } from '@scrapper/db/queries/publish-posts';
import type { JobContext } from '../types.ts';
import type { TargetOutcome } from './finish.ts';

/** One platform's way of getting a target out: the outcome, or a throw (PublishError, TargetStop...). */
export type SendTarget = (args: { ctx: JobContext; rows: TargetJobRows; jobDir: string }) => Promise<TargetOutcome | 'handed-over'>;
