// The end of a run: its row, its one notification and one webhook event; failures in a row
// pause the automation.
import type { AutomationRunCounts } from '@scrapper/contracts/http/automations';
import { AUTOMATION_LIMITS } from '@scrapper/contracts/rules/automations';
import { listRunItems, updateAutomation, updateRun, type AutomationWithOwner } from '@scrapper/db/queries/automations';
import { notifyUser } from '@scrapper/db/queries/notifications';
import { recordWebhookEvent } from '@scrapper/db/queries/webhooks';
import type { AutomationRunRow } from '@scrapper/db/schema';
import type { JobContext } from '../../types.ts';
import type { Tx } from '../types.ts';

function summary(counts: AutomationRunCounts): string {
  const out = Object.entries(counts.filteredOut).reduce((n, [, v]) => n + (v ?? 0), 0);
  const parts = [`${counts.found} ditemukan`, `${out} tersaring`, `${counts.new} baru`, `${counts.downloaded} diunduh`];
  if (counts.queued > 0) parts.push(`${counts.queued} dijadwalkan untuk dipublikasikan`);
  if (counts.failed > 0) parts.push(`${counts.failed} gagal`);
  return parts.join(', ');
}

/**
 * Why something inside the run failed, for its summary: the first failed download's reason and
 * what the publish step could not queue.
 */
async function failureLines(tx: Tx, run: AutomationRunRow, counts: AutomationRunCounts, publishFailures: readonly string[]): Promise<string[]> {
  const lines: string[] = [];
  if (counts.failed > 0) {
    const failed = (await listRunItems(tx.db, run.id)).find((i) => i.downloadStatus !== null && i.downloadStatus !== 'completed');
    lines.push(`Unduhan gagal: ${failed?.downloadError ?? 'alasan tidak diketahui'}`);
  }
  if (publishFailures.length > 0) lines.push(`${publishFailures.length} posting gagal: ${publishFailures[0] ?? ''}`);
  return lines;
}

/**
 * Ends the run (once: the caller holds its row lock and it is unfinished), with its one
 * notification (the work it made, its scrape, batch and posts, tells nothing by itself) and one
 * webhook event. A run in which something failed notifies as a failure (always delivered),
 * with the reason. Failures in a row are counted; the third pauses the automation and says why.
 */
export async function finishRun(
  ctx: Pick<JobContext, 'enqueue'>,
  tx: Tx,
  automation: AutomationWithOwner,
  run: AutomationRunRow,
  end: {
    status: 'completed' | 'failed';
    error?: string;
    counts?: AutomationRunCounts;
    notes?: string[];
    usageTotalUsd?: number | null;
    /** Destinations the publish step could not queue, each with its reason. */
    publishFailures?: readonly string[];
  },
  now = new Date(),
): Promise<void> {
  const counts = end.counts ?? run.counts;
  await updateRun(tx.db, run.id, {
    status: end.status,
    stage: 'done',
    counts,
    notes: end.notes ?? run.notes,
    error: end.error ?? null,
    finishedAt: now,
    ...(end.usageTotalUsd !== undefined ? { usageTotalUsd: end.usageTotalUsd } : {}),
  });
  // The page "Otomasi" (the web app has no page per automation).
  const link = '/automations';
  if (end.status === 'completed') {
    if (automation.consecutiveFailures !== 0) await updateAutomation(tx.db, automation.id, { consecutiveFailures: 0 }, now);
    const failures = await failureLines(tx, run, counts, end.publishFailures ?? []);
    await notifyUser(tx.db, automation.ownerId, {
      kind: failures.length > 0 ? 'automation.failed' : 'automation.completed',
      message: [`Otomasi "${automation.name}" selesai: ${summary(counts)}.`, ...failures.map((l) => `${l.replace(/\.$/, '')}.`)].join(' '),
      dedupeKey: `automation-run:${run.id}`,
      link,
    });
  } else {
    const failures = automation.consecutiveFailures + 1;
    const pause = failures >= AUTOMATION_LIMITS.failuresBeforePause && automation.status === 'active';
    const reason = `Dijeda otomatis setelah ${failures} run gagal berturut-turut. Terakhir: ${end.error ?? 'alasan tidak diketahui'}`;
    await updateAutomation(tx.db, automation.id, { consecutiveFailures: failures, ...(pause ? { status: 'paused', pausedReason: reason } : {}) }, now);
    await notifyUser(tx.db, automation.ownerId, {
      kind: 'automation.failed',
      message: pause
        ? `Otomasi "${automation.name}" dijeda: ${failures} run gagal berturut-turut. Terakhir: ${end.error ?? 'alasan tidak diketahui'}`
        : `Otomasi "${automation.name}" gagal: ${end.error ?? 'alasan tidak diketahui'}`,
      dedupeKey: `automation-run:${run.id}`,
      link,
    });
  }
  await recordWebhookEvent(tx, ctx.enqueue, {
    ownerId: automation.ownerId,
    event: end.status === 'completed' ? 'automation.run.completed' : 'automation.run.failed',
    data: {
      automationId: automation.id,
      runId: run.id,
      name: automation.name,
      status: end.status,
      counts,
      ...(end.error ? { error: end.error } : {}),
      scrapeTaskId: run.scrapeTaskId,
      // Made absolute on PUBLIC_BASE_URL when delivered, like every event's link.
      link,
    },
    at: now,
  });
}
