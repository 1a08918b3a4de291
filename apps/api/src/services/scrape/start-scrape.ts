import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { StartScrapeBody } from '@scrapper/contracts/http/scrape';
import { checkScrapeSource } from '@scrapper/contracts/rules/scrape-source';
import type { Database } from '@scrapper/db/client';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { queueScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { enqueue, type Boss } from '@scrapper/db/queue';
import { badRequest } from '../../lib/errors.ts';

/**
 * Checks the request against the platform's active actor and queues the task. `retryOf`: the
 * failed or cancelled task this one runs again (its owner owns the new one too).
 */
export async function startScrape(
  database: Database,
  boss: Boss,
  user: Pick<SessionUser, 'id'>,
  body: StartScrapeBody,
  retryOf?: string,
): Promise<{ taskId: string }> {
  const checked = checkScrapeSource(await findActorConfig(database.db, body.platformInfo.platformId), body);
  if ('error' in checked) throw badRequest(checked.error);
  const { target, config } = checked;

  return database.transaction(async (tx) => {
    const task = await queueScrapeTask(tx, (queue, payload, options) => enqueue(boss, queue, payload, options), {
      ownerId: user.id,
      actorId: config.actorId,
      platformId: config.platformId,
      scrapeType: body.platformInfo.scrapeType,
      target: target.slice(0, 500),
      input: body.input,
      platformInfo: { ...body.platformInfo, displayName: config.displayName },
      ...(retryOf === undefined ? {} : { retryOf }),
    });
    return { taskId: task.id };
  });
}
