import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { Database } from '@scrapper/db/client';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import type { Boss } from '@scrapper/db/queue';
import { badRequest, conflict } from '../../lib/errors.ts';
import { findOwnTask } from './find-own-task.ts';
import { startScrape } from './start-scrape.ts';

const RETRYABLE = new Set(['failed', 'cancelled']);

/**
 * "Coba Lagi": a new task with the platform, targets and options of a failed or cancelled one,
 * checked like a new start (the platform may have been switched off meanwhile) and run by the
 * platform's current actor. It belongs to the original task's owner, whoever presses the
 * button (an admin retrying a member's task gets the result to that member).
 */
export async function retryScrape(database: Database, boss: Boss, user: SessionUser, id: string): Promise<{ taskId: string }> {
  const task = await findOwnTask(database.db, user, id);
  if (!RETRYABLE.has(task.state)) {
    throw conflict(
      task.state === 'completed'
        ? 'Tugas ini sudah selesai; hanya tugas yang gagal atau dibatalkan yang bisa dicoba lagi.'
        : 'Tugas ini masih berjalan; tunggu sampai selesai atau batalkan dulu.',
    );
  }
  const config = await findActorConfig(database.db, task.platformId);
  if (!config || !config.isActive) throw badRequest(`Platform ${task.platformInfo.displayName || task.platformId} sedang tidak aktif; tugas tidak dapat dicoba lagi.`);
  return startScrape(
    database,
    boss,
    { id: task.ownerId },
    { actorId: config.actorId, input: task.input, platformInfo: task.platformInfo },
    task.id,
  );
}
