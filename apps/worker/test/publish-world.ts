// The world publishing tests start in: the fake TikTok (one app client) and Meta, a worker harness
// pointed at both (and a fake Google), and an owner's destinations as the API saves them after
// connecting: the TikTok app and account, the Instagram and Facebook accounts, a webhook for the
// post events. Used by the publish.target job's tests and the automation's publish step.
import { createHash } from 'node:crypto';
import { oauthClientSecrets, publishAccounts, webhooks } from '@scrapper/db/schema';
import { startFakeMeta, type FakeMeta } from '@scrapper/testkit/fake-meta/start-fake-meta';
import { startFakeTikTok, type FakeTikTok } from '@scrapper/testkit/fake-tiktok/start-fake-tiktok';
import { metaAccountValues, tiktokAccountValues } from '@scrapper/testkit/publish-fixtures';
import { startWorkerHarness, type WorkerHarness } from './harness.ts';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface PublishWorld {
  h: WorkerHarness;
  tiktok: FakeTikTok;
  meta: FakeMeta;
  close(): Promise<void>;
}

/** The fakes (TikTok knows `client`; Meta answers "processing" once) and a harness running `queues`. */
export async function startPublishWorld(options: { name: string; client: { clientKey: string; clientSecret: string }; queues: string }): Promise<PublishWorld> {
  const tiktok = await startFakeTikTok({ clients: [options.client], unaudited: false });
  const meta = await startFakeMeta();
  meta.setProcessingReads(1);
  const h = await startWorkerHarness({
    name: options.name,
    google: {},
    env: {
      TIKTOK_API_BASE_URL: tiktok.urls.apiBaseUrl,
      META_GRAPH_BASE_URL: meta.urls.graphBaseUrl,
      META_GRAPH_VERSION: meta.version,
      META_UPLOAD_BASE_URL: meta.urls.uploadBaseUrl,
      WORKER_QUEUES: options.queues,
    },
  });
  return {
    h,
    tiktok,
    meta,
    async close() {
      await h.close();
      await tiktok.close();
      await meta.close();
    },
  };
}

export async function insertPublishAccount(h: WorkerHarness, values: typeof publishAccounts.$inferInsert): Promise<string> {
  const [row] = await h.database.db.insert(publishAccounts).values(values).returning();
  if (!row) throw new Error('no account');
  return row.id;
}

export interface OwnerDestinations {
  tiktok: string;
  tiktokOpenId: string;
  instagram: string;
  facebook: string;
}

/** `userId`'s TikTok app and account (`username`), Instagram and Facebook accounts, and a webhook for post events at `webhookUrl`. */
export async function connectDestinations(
  world: PublishWorld,
  options: { userId: string; client: { clientKey: string; clientSecret: string }; username: string; webhookUrl: string },
): Promise<OwnerDestinations> {
  const { h, tiktok, meta } = world;
  const { userId, client } = options;
  const [secret] = await h.database.db
    .insert(oauthClientSecrets)
    .values({ name: 'TikTok', clientId: client.clientKey, sealedClientSecret: h.box.seal(client.clientSecret), secretLastFour: client.clientSecret.slice(-4), platform: 'tiktok', redirectUri: 'http://127.0.0.1/cb' })
    .returning();
  const made = tiktokAccountValues(tiktok, h.box, { userId, clientSecretId: secret?.id ?? null, clientKey: client.clientKey, username: options.username });
  const metaRows = metaAccountValues(meta, h.box, { userId, clientSecretId: null });
  const destinations: OwnerDestinations = {
    tiktok: await insertPublishAccount(h, made.values),
    tiktokOpenId: made.account.openId,
    instagram: await insertPublishAccount(h, metaRows.instagram),
    facebook: await insertPublishAccount(h, metaRows.facebook),
  };
  await h.database.db.insert(webhooks).values({ ownerId: userId, url: options.webhookUrl, sealedSecret: h.box.seal('whsec_uji'), events: ['post.published', 'post.failed'] });
  return destinations;
}
