import { desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { workerHeartbeats, type WorkerHeartbeatRow } from '../schema/worker-heartbeats.ts';

export async function upsertWorkerHeartbeat(
  db: Db,
  worker: Pick<WorkerHeartbeatRow, 'id' | 'hostname' | 'pid' | 'queues'>,
): Promise<void> {
  const now = new Date();
  await db
    .insert(workerHeartbeats)
    .values({ ...worker, startedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: workerHeartbeats.id, set: { lastSeenAt: now, queues: worker.queues } });
}

export async function deleteWorkerHeartbeat(db: Db, id: string): Promise<void> {
  await db.delete(workerHeartbeats).where(eq(workerHeartbeats.id, id));
}

export async function listLiveWorkers(db: Db, seenSince: Date): Promise<WorkerHeartbeatRow[]> {
  return db
    .select()
    .from(workerHeartbeats)
    .where(gte(workerHeartbeats.lastSeenAt, seenSince))
    .orderBy(desc(workerHeartbeats.startedAt));
}

/** Removes rows of workers that died without saying goodbye. */
export async function deleteStaleWorkers(db: Db, seenBefore: Date): Promise<number> {
  const rows = await db
    .delete(workerHeartbeats)
    .where(lt(workerHeartbeats.lastSeenAt, seenBefore))
    .returning({ id: workerHeartbeats.id });
  return rows.length;
}
