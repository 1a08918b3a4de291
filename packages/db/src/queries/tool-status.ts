// Reads for the admin's tool status ("Alat & Layanan"): what each worker reported about its
// programs, and the newest update check of each machine. The writes are the worker's
// (queries/tools.ts); nothing here changes a row.
import { and, desc, gte, inArray, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { toolUpdateChecks, workerHeartbeats, type ToolUpdateCheckRow, type WorkerHeartbeatRow } from '../schema/worker-heartbeats.ts';

export type WorkerToolReportRow = Pick<WorkerHeartbeatRow, 'id' | 'hostname' | 'pid' | 'startedAt' | 'lastSeenAt' | 'tools'>;

/** Workers heard from since `seenSince` with their tool report (null until reported), newest started first. */
export async function listWorkerToolReports(db: Db, seenSince: Date): Promise<WorkerToolReportRow[]> {
  return db
    .select({
      id: workerHeartbeats.id,
      hostname: workerHeartbeats.hostname,
      pid: workerHeartbeats.pid,
      startedAt: workerHeartbeats.startedAt,
      lastSeenAt: workerHeartbeats.lastSeenAt,
      tools: workerHeartbeats.tools,
    })
    .from(workerHeartbeats)
    .where(gte(workerHeartbeats.lastSeenAt, seenSince))
    .orderBy(desc(workerHeartbeats.startedAt), workerHeartbeats.id);
}

/**
 * The newest update check of `tool` on each of these machines (at most one row per hostname),
 * read along tool_update_checks_host_idx (tool, hostname, finished_at desc).
 */
export async function listLatestToolUpdateChecks(db: Db, hostnames: readonly string[], tool = 'yt-dlp'): Promise<ToolUpdateCheckRow[]> {
  if (hostnames.length === 0) return [];
  return db
    .selectDistinctOn([toolUpdateChecks.hostname])
    .from(toolUpdateChecks)
    .where(and(eq(toolUpdateChecks.tool, tool), inArray(toolUpdateChecks.hostname, [...new Set(hostnames)])))
    .orderBy(toolUpdateChecks.hostname, desc(toolUpdateChecks.finishedAt), desc(toolUpdateChecks.id));
}
