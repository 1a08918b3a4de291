import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActorConfigSchema, type ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { seedUpgrades, type StoredActorConfig } from '@scrapper/contracts/rules/seed-actor-configs-superseded';
import { createDatabase, type Database } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/index.ts';
import { findActorConfig, listActorConfigs, replaceActorConfigs, seedActorConfigsIfEmpty, upgradeSeededActorConfigs } from './actor-configs.ts';

let testDb: TestDatabase;
let database: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = createDatabase(testDb.url, { max: 2 });
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

const current = seedActorConfigs.map((seed) => ActorConfigSchema.parse(seed));
/** The oldest superseded seed of each platform, as its release stored it (no `domains` key). */
const superseded = seedUpgrades()
  .map((upgrade) => upgrade.from)
  .filter((from, index, all) => all.findIndex((other) => other.platformId === from.platformId) === index);

/**
 * A database seeded by the earliest release the upgrades know: its seeds stored as that release
 * stored them (the current schema's defaults for fields added since are not in the JSON).
 */
function earlierStored(): StoredActorConfig[] {
  return current.map((config) => superseded.find((old) => old.platformId === config.platformId) ?? config);
}
async function seedAsEarlierRelease(): Promise<void> {
  await database.transaction(({ db }) => replaceActorConfigs(db, earlierStored() as ActorConfig[]));
}

describe('upgradeSeededActorConfigs', () => {
  it('replaces configs still equal to an earlier seed, in place, and only once', async () => {
    await seedAsEarlierRelease();
    expect((await findActorConfig(database.db, 'facebook'))?.actorId).toBe('apify/facebook-posts-scraper');

    const upgraded = await upgradeSeededActorConfigs(database.db, seedUpgrades());
    // Every platform: Douyin and Facebook were re-mapped, and all five gained their domains.
    expect(upgraded.sort()).toEqual(['douyin', 'facebook', 'instagram', 'tiktok', 'youtube']);
    expect(await listActorConfigs(database.db)).toEqual(current);
    // Nothing left to do the second time (a second API instance starting).
    expect(await upgradeSeededActorConfigs(database.db, seedUpgrades())).toEqual([]);
  });

  it('leaves a config an admin changed, even slightly, as the admin left it', async () => {
    const facebook = superseded.find((config) => config.platformId === 'facebook');
    if (!facebook) throw new Error('no superseded facebook seed');
    const edited = { ...facebook, options: { ...facebook.options, resultsLimit: { label: 'Jumlah postingan maksimum', type: 'number' as const, default: 50, options: undefined } } };
    await database.transaction(async ({ db }) => {
      const list = earlierStored().map((config) => (config.platformId === 'facebook' ? edited : config));
      await replaceActorConfigs(db, list as ActorConfig[]);
    });

    expect((await upgradeSeededActorConfigs(database.db, seedUpgrades())).sort()).toEqual(['douyin', 'instagram', 'tiktok', 'youtube']);
    const stored = await findActorConfig(database.db, 'facebook');
    expect(stored?.actorId).toBe('apify/facebook-posts-scraper');
    expect(stored?.options['resultsLimit']?.default).toBe(50);
  });

  it('upgrades the Facebook seed of the release before videoUrlMapping (issue 31 item 7), and leaves an edited one', async () => {
    const previous = seedUpgrades().filter((u) => u.platformId === 'facebook').at(-1)?.from;
    if (!previous) throw new Error('no superseded facebook seed');
    // Stored as that release stored it: no videoUrlMapping key at all.
    expect(previous.platformSpecific).not.toHaveProperty('videoUrlMapping');
    const withFacebook = (facebook: StoredActorConfig) => current.map((c) => (c.platformId === 'facebook' ? facebook : c));
    await database.transaction(({ db }) => replaceActorConfigs(db, withFacebook(previous) as ActorConfig[]));
    expect(await upgradeSeededActorConfigs(database.db, seedUpgrades())).toEqual(['facebook']);
    expect((await findActorConfig(database.db, 'facebook'))?.platformSpecific.videoUrlMapping).toEqual(['url', 'facebookUrl']);

    const edited = { ...previous, platformSpecific: { ...previous.platformSpecific, titleMapping: ['message.text', 'caption'] } };
    await database.transaction(({ db }) => replaceActorConfigs(db, withFacebook(edited) as ActorConfig[]));
    expect(await upgradeSeededActorConfigs(database.db, seedUpgrades())).toEqual([]);
    const kept = await findActorConfig(database.db, 'facebook');
    expect(kept?.platformSpecific.titleMapping).toEqual(['message.text', 'caption']);
    // Read with the field's default, as the mapping engine and the admin form expect.
    expect(kept?.platformSpecific.videoUrlMapping).toEqual([]);
  });

  it('does nothing on a database seeded with the current seeds', async () => {
    await database.transaction(({ db }) => replaceActorConfigs(db, []));
    expect(await seedActorConfigsIfEmpty(database.db, current)).toBe(true);
    expect(await upgradeSeededActorConfigs(database.db, seedUpgrades())).toEqual([]);
    expect(await listActorConfigs(database.db)).toEqual(current);
  });
});
