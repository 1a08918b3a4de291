import { and, asc, eq, sql } from 'drizzle-orm';
import type { ActorConfig } from '@scrapper/contracts/http/actor-configs';
import type { Db } from '../client.ts';
import { actorConfigs } from '../schema/actor-configs.ts';

export async function listActorConfigs(db: Db): Promise<ActorConfig[]> {
  const rows = await db.select().from(actorConfigs).orderBy(asc(actorConfigs.position), asc(actorConfigs.platformId));
  return rows.map((r) => withDefaults(r.config));
}

/**
 * Configs stored before a field existed lack it: the fields added since are filled with their
 * defaults on the way out (`domains`: none, so any URL; `platformSpecific.videoUrlMapping`:
 * none), as ActorConfigSchema would.
 */
function withDefaults(config: ActorConfig): ActorConfig {
  const withDomains = Array.isArray(config.domains) ? config : { ...config, domains: [] };
  const specific = withDomains.platformSpecific;
  return Array.isArray(specific.videoUrlMapping) ? withDomains : { ...withDomains, platformSpecific: { ...specific, videoUrlMapping: [] } };
}

export async function findActorConfig(db: Db, platformId: string): Promise<ActorConfig | undefined> {
  const [row] = await db.select().from(actorConfigs).where(eq(actorConfigs.platformId, platformId)).limit(1);
  return row ? withDefaults(row.config) : undefined;
}

/** Replaces the whole list; call inside a transaction so a failure leaves the old list. */
export async function replaceActorConfigs(db: Db, configs: ActorConfig[]): Promise<void> {
  await db.delete(actorConfigs);
  if (configs.length === 0) return;
  await db.insert(actorConfigs).values(configs.map((config, position) => ({ platformId: config.platformId, position, config })));
}

export async function insertActorConfig(db: Db, config: ActorConfig): Promise<boolean> {
  const [max] = await db.select({ n: sql<number>`coalesce(max(${actorConfigs.position}), -1)::int` }).from(actorConfigs);
  const rows = await db
    .insert(actorConfigs)
    .values({ platformId: config.platformId, position: (max?.n ?? -1) + 1, config })
    .onConflictDoNothing()
    .returning({ id: actorConfigs.platformId });
  return rows.length > 0;
}

export async function updateActorConfig(db: Db, config: ActorConfig): Promise<boolean> {
  const rows = await db
    .update(actorConfigs)
    .set({ config, updatedAt: new Date() })
    .where(eq(actorConfigs.platformId, config.platformId))
    .returning({ id: actorConfigs.platformId });
  return rows.length > 0;
}

/** First start: the seeds go in only when the table has never had a row. */
export async function seedActorConfigsIfEmpty(db: Db, configs: ActorConfig[]): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(actorConfigs);
  if ((row?.n ?? 0) > 0) return false;
  await db
    .insert(actorConfigs)
    .values(configs.map((config, position) => ({ platformId: config.platformId, position, config })))
    .onConflictDoNothing();
  return true;
}

/**
 * Replaces each stored config that is still exactly an earlier seed (`from`) with the current
 * seed (`to`): a config an admin changed in any way stays. Equality is PostgreSQL's jsonb
 * equality (key order and number spelling do not matter). One guarded statement per
 * platform, so API instances starting side by side cannot undo an edit made in between.
 * Returns the platforms replaced.
 */
export async function upgradeSeededActorConfigs(
  db: Db,
  upgrades: readonly { platformId: string; from: Pick<ActorConfig, 'platformId'>; to: ActorConfig }[],
): Promise<string[]> {
  const upgraded: string[] = [];
  for (const { platformId, from, to } of upgrades) {
    if (from.platformId !== platformId || to.platformId !== platformId) continue;
    const rows = await db
      .update(actorConfigs)
      .set({ config: to, updatedAt: new Date() })
      .where(and(eq(actorConfigs.platformId, platformId), sql`${actorConfigs.config} = ${JSON.stringify(from)}::jsonb`))
      .returning({ id: actorConfigs.platformId });
    if (rows.length > 0) upgraded.push(platformId);
  }
  return upgraded;
}
