import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { StartScrapeBody } from '@scrapper/contracts/http/scrape';
import {
  EMPTY_TARGET_SHORT,
  INVALID_PLATFORM,
  invalidKeywordMessage,
  invalidUrlMessage,
  isTargetUrl,
  targetKey,
  urlRequiredMessage,
} from '@scrapper/contracts/rules/scrape-targets';
import { isOnDomains, outsideDomainsMessage } from '@scrapper/contracts/rules/target-domains';
import type { Database } from '@scrapper/db/client';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import { insertScrapeTask } from '@scrapper/db/queries/scrape-tasks';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import { badRequest } from '../../lib/errors.ts';

function firstText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0].trim();
  return '';
}

/** Every target text under the key (a list, `startUrls` request objects, or one string). */
function allTargets(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : []));
}

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
  const config = await findActorConfig(database.db, body.platformInfo.platformId);
  if (!config || !config.isActive || config.actorId !== body.actorId) throw badRequest(INVALID_PLATFORM);

  const key = targetKey(config, body.platformInfo.scrapeType);
  const target = firstText(body.input[key]);
  if (!target) throw badRequest(EMPTY_TARGET_SHORT);
  if (body.platformInfo.scrapeType === 'url' && !isTargetUrl(target)) {
    throw badRequest(invalidUrlMessage(config.displayName));
  }
  if (config.inputType === 'url' && body.platformInfo.scrapeType !== 'url') {
    throw badRequest(urlRequiredMessage(config.displayName));
  }
  if (config.inputType === 'keyword' && body.platformInfo.scrapeType !== 'keyword') {
    throw badRequest(invalidKeywordMessage(config.displayName));
  }
  if (body.platformInfo.scrapeType === 'url') {
    // Before anything is paid for: a youtube.com link on the TikTok form would run TikTok's actor for nothing.
    const outside = allTargets(body.input[key]).find((value) => !isOnDomains(value, config.domains));
    if (outside !== undefined) throw badRequest(outsideDomainsMessage(config.displayName, outside, config.domains));
  }

  return database.transaction(async ({ db, sql }) => {
    const task = await insertScrapeTask(db, {
      ownerId: user.id,
      actorId: config.actorId,
      platformId: config.platformId,
      scrapeType: body.platformInfo.scrapeType,
      target: target.slice(0, 500),
      input: body.input,
      platformInfo: { ...body.platformInfo, displayName: config.displayName },
      ...(retryOf === undefined ? {} : { retryOf }),
    });
    // One job per task: a duplicate send for the same task is a no-op.
    await enqueue(boss, 'scrape.run', { taskId: task.id }, { db: bossTransaction(sql), singletonKey: task.id });
    return { taskId: task.id };
  });
}
