import type { APIRequestContext } from '@playwright/test';

// Stage-setting through the API as the admin, so a spec does not depend on what another
// spec did before it (and a retry finds the state it expects).

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${response.url()}: HTTP ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

interface KeyRow {
  id: string;
  key: string;
  isActive: boolean;
}

/**
 * Adds the Apify token unless it is there (keys come back masked, ending in their last
 * characters; the e2e tokens differ in their last four) and makes it active.
 */
export async function ensureActiveApifyKey(api: APIRequestContext, token: string): Promise<void> {
  const keys = await json<KeyRow[]>(await api.get('/api/keys'));
  let key = keys.find((k) => k.key.endsWith(token.slice(-4)));
  if (!key) key = await json<KeyRow>(await api.post('/api/keys', { data: { key: token } }));
  if (!key.isActive) await json(await api.put(`/api/keys/${key.id}/set-active`));
}

/** Deletes every Apify key: scraping then waits for the admin (restore with ensureActiveApifyKey). */
export async function removeApifyKeys(api: APIRequestContext): Promise<void> {
  const keys = await json<KeyRow[]>(await api.get('/api/keys'));
  for (const key of keys) await json(await api.delete(`/api/keys/${key.id}`));
}

interface ActorRow {
  platformId: string;
  isActive: boolean;
}

export async function listActorConfigs(api: APIRequestContext): Promise<ActorRow[]> {
  return json<ActorRow[]>(await api.get('/api/config/apify-config'));
}

/** Removes an actor config if present (the full list is saved without it). */
export async function removeActorConfig(api: APIRequestContext, platformId: string): Promise<void> {
  const list = await listActorConfigs(api);
  if (!list.some((c) => c.platformId === platformId)) return;
  await json(
    await api.post('/api/admin/apify-config', {
      data: list.filter((c) => c.platformId !== platformId),
    }),
  );
}

export async function setActorActive(
  api: APIRequestContext,
  platformId: string,
  isActive: boolean,
): Promise<void> {
  await json(
    await api.put(`/api/admin/apify-config/toggle-active/${platformId}`, { data: { isActive } }),
  );
}
