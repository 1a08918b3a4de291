// Issue 19: automations through the API. The owner scope is the one of every member resource
// (admins reach all, members their own; someone else's is "not found"). Every write is checked
// whole before anything is saved: the source by the dashboard's rules, the destinations (and
// the YouTube playlist) as the owner's own.
import type { SessionUser } from '@scrapper/contracts/http/auth';
import {
  AutomationConfigSchema,
  type Automation,
  type AutomationConfig,
  type AutomationRun,
  type AutomationRunDetail,
  type CreateAutomationBody,
  type UpdateAutomationBody,
} from '@scrapper/contracts/http/automations';
import { paginationOf, type PageQuery } from '@scrapper/contracts/common';
import { automationMessages as M, nextRunAt } from '@scrapper/contracts/rules/automations';
import { checkScrapeSource } from '@scrapper/contracts/rules/scrape-source';
import type { Database } from '@scrapper/db/client';
import { findActorConfig } from '@scrapper/db/queries/actor-configs';
import {
  deleteAutomation,
  findAutomation,
  findRun,
  insertAutomationWithinLimit,
  insertRunIfIdle,
  latestRuns,
  listAutomations,
  listRunUploads,
  listRuns,
  updateAutomation,
  type AutomationWithOwner,
} from '@scrapper/db/queries/automations';
import { findPublishAccount } from '@scrapper/db/queries/publish-accounts';
import { listPublishPostsOfRun } from '@scrapper/db/queries/publish-posts';
import { findYouTubeAccount } from '@scrapper/db/queries/youtube';
import type { AutomationRunRow } from '@scrapper/db/schema';
import { bossTransaction, enqueue, type Boss } from '@scrapper/db/queue';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { GoogleEndpoints } from '@scrapper/integrations/youtube';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { canReach, ownerScope } from '../../lib/owner-scope.ts';
import { toPostDto } from '../publish-posts/to-post-dto.ts';
import { listPlaylists } from '../youtube/list-playlists.ts';

export interface AutomationDeps {
  database: Database;
  boss: Boss;
  secrets: SecretBox;
  google: GoogleEndpoints;
  /** AUTOMATIONS_MAX_PER_MEMBER. */
  maxPerMember: number;
}

export function toRunDto(row: AutomationRunRow): AutomationRun {
  return {
    id: row.id,
    automationId: row.automationId,
    trigger: row.trigger,
    status: row.status,
    stage: row.stage,
    scrapeTaskId: row.scrapeTaskId,
    batchId: row.batchId,
    counts: row.counts,
    usageTotalUsd: row.usageTotalUsd ?? null,
    notes: row.notes,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export function toAutomationDto(row: AutomationWithOwner, lastRun: AutomationRunRow | undefined): Automation {
  return {
    id: row.id,
    name: row.name,
    ...row.config,
    status: row.status,
    pausedReason: row.pausedReason,
    consecutiveFailures: row.consecutiveFailures,
    nextRunAt: row.status === 'active' ? (row.nextRunAt?.toISOString() ?? null) : null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastRun: lastRun ? toRunDto(lastRun) : null,
    owner: { id: row.ownerId, username: row.ownerUsername },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An automation the caller may reach; someone else's is "not found". */
async function reachable(database: Database, user: SessionUser, id: string): Promise<AutomationWithOwner> {
  const row = await findAutomation(database.db, id);
  if (!row || !canReach(user, row.ownerId)) throw notFound(M.notFound);
  return row;
}

async function dto(database: Database, row: AutomationWithOwner): Promise<Automation> {
  const runs = await latestRuns(database.db, [row.id]);
  return toAutomationDto(row, runs.get(row.id));
}

/**
 * The parts that reach outside the body: the source fits the platform's active actor (the
 * dashboard's words), the YouTube account is the owner's, the playlist is on that account.
 */
async function checkConfig(deps: AutomationDeps, user: SessionUser, ownerId: string, config: AutomationConfig, checkPlaylist: boolean): Promise<void> {
  const checked = checkScrapeSource(await findActorConfig(deps.database.db, config.source.platformInfo.platformId), config.source);
  if ('error' in checked) throw badRequest(`body.source: ${checked.error}`);
  const publish = config.publish;
  if (!publish) return;
  // Every destination is one of the owner's (GET /api/publish/accounts): a publish account or a
  // YouTube channel. Anything else, another member's included, is "not found".
  const channels: string[] = [];
  for (const id of publish.destinations) {
    if (await findPublishAccount(deps.database.db, id, ownerId)) continue;
    const channel = await findYouTubeAccount(deps.database.db, id);
    if (!channel || channel.userId !== ownerId) throw notFound(M.destinationNotFound);
    channels.push(channel.id);
  }
  if (publish.playlistId && channels.length === 0) throw badRequest(`body.publish.playlistId: ${M.playlistWithoutYouTube}`);
  if (publish.playlistId && checkPlaylist) {
    // The playlists the channels hold, asked of YouTube with the owner's grant.
    const owner: SessionUser = { ...user, id: ownerId, role: 'user' };
    const playlists = (await Promise.all(channels.map((id) => listPlaylists(deps, owner, id)))).flat();
    if (!playlists.some((p) => p.id === publish.playlistId)) throw notFound(M.playlistNotFound);
  }
}

export async function listForUser(deps: AutomationDeps, user: SessionUser, page: PageQuery) {
  const { rows, total } = await listAutomations(deps.database.db, ownerScope(user), page);
  const runs = await latestRuns(deps.database.db, rows.map((r) => r.id));
  return { automations: rows.map((r) => toAutomationDto(r, runs.get(r.id))), pagination: paginationOf(page, rows.length, total) };
}

export async function getForUser(deps: AutomationDeps, user: SessionUser, id: string): Promise<Automation> {
  return dto(deps.database, await reachable(deps.database, user, id));
}

export async function createForUser(deps: AutomationDeps, user: SessionUser, body: CreateAutomationBody, now = new Date()): Promise<Automation> {
  const { name, ...config } = body;
  await checkConfig(deps, user, user.id, config, true);
  const row = await deps.database.transaction(async ({ db }) => {
    const inserted = await insertAutomationWithinLimit(db, { ownerId: user.id, name, config, nextRunAt: nextRunAt(config.schedule, now) }, deps.maxPerMember);
    if (!inserted) {
      throw conflict(`Maksimal ${deps.maxPerMember} otomasi per anggota. Hapus otomasi yang tidak dipakai lagi terlebih dahulu.`);
    }
    return inserted;
  });
  return getForUser(deps, user, row.id);
}

export async function updateForUser(deps: AutomationDeps, user: SessionUser, id: string, body: UpdateAutomationBody, now = new Date()): Promise<Automation> {
  const current = await reachable(deps.database, user, id);
  const { name, ...parts } = body;
  const merged = AutomationConfigSchema.safeParse({
    ...current.config,
    ...Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)),
  });
  if (!merged.success) throw badRequest(merged.error.issues.map((i) => `body.${i.path.join('.')}: ${i.message}`).join('; '));
  const config = merged.data;
  const playlistChanged =
    body.publish !== undefined && (body.publish?.playlistId ?? null) !== null &&
    (body.publish?.playlistId !== current.config.publish?.playlistId || body.publish?.destinations.join() !== current.config.publish?.destinations.join());
  await checkConfig(deps, user, current.ownerId, config, playlistChanged);
  await updateAutomation(deps.database.db, id, {
    ...(name === undefined ? {} : { name }),
    config,
    // A new schedule counts from now.
    ...(body.schedule ? { nextRunAt: nextRunAt(config.schedule, now) } : {}),
  });
  return getForUser(deps, user, id);
}

export async function deleteForUser(deps: AutomationDeps, user: SessionUser, id: string): Promise<{ id: string }> {
  await reachable(deps.database, user, id);
  await deleteAutomation(deps.database.db, id);
  return { id };
}

/** "Jalankan sekarang": a run now, unless one is under way (409). Paused ones may run by hand. */
export async function runNow(deps: AutomationDeps, user: SessionUser, id: string): Promise<{ runId: string }> {
  await reachable(deps.database, user, id);
  return deps.database.transaction(async ({ db, sql }) => {
    const run = await insertRunIfIdle(db, id, 'manual');
    if (!run) throw conflict(M.alreadyRunning);
    await enqueue(deps.boss, 'automation.run', { runId: run.id }, { db: bossTransaction(sql), singletonKey: run.id });
    return { runId: run.id };
  });
}

export async function pause(deps: AutomationDeps, user: SessionUser, id: string): Promise<Automation> {
  await reachable(deps.database, user, id);
  await updateAutomation(deps.database.db, id, { status: 'paused', pausedReason: null });
  return getForUser(deps, user, id);
}

/** Resume: the failure count starts over and the next run is set from now. */
export async function resume(deps: AutomationDeps, user: SessionUser, id: string, now = new Date()): Promise<Automation> {
  const row = await reachable(deps.database, user, id);
  await updateAutomation(deps.database.db, id, {
    status: 'active',
    pausedReason: null,
    consecutiveFailures: 0,
    nextRunAt: nextRunAt(row.config.schedule, now),
  });
  return getForUser(deps, user, id);
}

export async function runsOf(deps: AutomationDeps, user: SessionUser, id: string, page: PageQuery) {
  await reachable(deps.database, user, id);
  const { rows, total } = await listRuns(deps.database.db, id, page);
  return { runs: rows.map(toRunDto), pagination: paginationOf(page, rows.length, total) };
}

export async function runOf(deps: AutomationDeps, user: SessionUser, id: string, runId: string): Promise<AutomationRunDetail> {
  await reachable(deps.database, user, id);
  const run = await findRun(deps.database.db, runId);
  if (!run || run.automationId !== id) throw notFound(M.runNotFound);
  const [uploads, posts] = await Promise.all([listRunUploads(deps.database.db, run.id), listPublishPostsOfRun(deps.database.db, run.id)]);
  const base = toRunDto(run);
  // Uploads go on after the run ended: what reached YouTube is counted as it is now.
  const uploaded = uploads.filter((u) => u.status === 'uploaded').length;
  return {
    ...base,
    counts: { ...base.counts, uploaded: Math.max(base.counts.uploaded, uploaded) },
    uploads: uploads.map((u) => ({ uploadId: u.uploadId, title: u.title, publishAt: u.publishAt?.toISOString() ?? null, status: u.status })),
    posts: posts.map(toPostDto),
  };
}
