import type { ClientSecret, ClientSecretBody } from '@scrapper/contracts/http/youtube-accounts';
import type { ClientSecretPlatform } from '@scrapper/contracts/rules/publish-destinations';
import type { Database } from '@scrapper/db/client';
import {
  deleteClientSecret as deleteClientSecretRow,
  findClientSecret,
  insertClientSecret,
  listActiveClientSecrets,
  listClientSecretsWithUsage,
  updateClientSecret as updateClientSecretRow,
  type ClientSecretWithUsage,
  type QuotaUsage,
} from '@scrapper/db/queries/youtube';
import type { OAuthClientSecretRow } from '@scrapper/db/schema';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toQuotaToday } from './quota-today.ts';

export const CLIENT_NOT_FOUND = 'Client secret tidak ditemukan.';
/** Spec section 8: what a member sees when the client is gone or switched off. */
export const CLIENT_NOT_CONFIGURED = 'Client secret YouTube tidak dikonfigurasi. Silakan hubungi administrator.';

/** Where Google sends the member back: this backend's callback. */
export const CALLBACK_PATH = '/api/youtube/auth/callback';

/** Each platform's redirect URI on this backend, as operators register it with the platform. */
export const CALLBACK_PATHS: Record<ClientSecretPlatform, string> = {
  youtube: CALLBACK_PATH,
  tiktok: '/api/publish/tiktok/auth/callback',
  meta: '/api/publish/meta/auth/callback',
};

const PLATFORM_FIXED = 'Platform client secret tidak dapat diubah. Buat client secret baru untuk platform lain.';

/** What a client secret shows of itself: dots and its last four characters. */
export function maskSecret(lastFour: string): string {
  return `••••${lastFour}`;
}

/** Four characters say little of a real secret (35 characters); of a short one they say too much. */
function lastFourOf(secret: string): string {
  return secret.length >= 12 ? secret.slice(-4) : '';
}

export function toClientSecretDto(row: OAuthClientSecretRow, usage: QuotaUsage, at: Date = new Date()): ClientSecret {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    clientSecret: maskSecret(row.secretLastFour),
    platform: row.platform as ClientSecretPlatform,
    redirectUri: row.redirectUri,
    isActive: row.isActive,
    quotaDailyUploads: row.quotaDailyUploads,
    quotaDailyUnits: row.quotaDailyUnits,
    quotaToday: toQuotaToday(row, usage, at),
    createdAt: row.createdAt.toISOString(),
  };
}

async function dtoWithUsage(database: Database, id: string): Promise<ClientSecret> {
  const at = new Date();
  const row = (await listClientSecretsWithUsage(database.db, at)).find((r) => r.id === id);
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return toClientSecretDto(row, row.usageToday, at);
}

export async function listClientSecrets(database: Database): Promise<ClientSecret[]> {
  const at = new Date();
  return (await listClientSecretsWithUsage(database.db, at)).map((row: ClientSecretWithUsage) => toClientSecretDto(row, row.usageToday, at));
}

/** The member's client picker: active clients of one platform (YouTube's page: youtube). */
export async function listClientSecretOptions(database: Database, platform: ClientSecretPlatform = 'youtube'): Promise<Array<{ id: string; name: string }>> {
  return (await listActiveClientSecrets(database.db, platform)).map((row) => ({ id: row.id, name: row.name }));
}

/**
 * `defaultRedirectUri(platform)`: that platform's callback on this backend. The quota settings
 * are YouTube's: for a TikTok or Meta client they are ignored (the stored defaults stay).
 */
export async function createClientSecret(
  database: Database,
  box: SecretBox,
  body: ClientSecretBody,
  defaultRedirectUri: (platform: ClientSecretPlatform) => string,
): Promise<ClientSecret> {
  const secret = body.clientSecret ?? '';
  if (secret === '') throw badRequest('Client Secret wajib diisi.');
  const platform = body.platform ?? 'youtube';
  const quota: Pick<ClientSecretBody, 'quotaDailyUploads' | 'quotaDailyUnits'> = platform === 'youtube' ? body : {};
  const row = await insertClientSecret(database.db, {
    platform,
    name: body.name,
    clientId: body.clientId,
    sealedClientSecret: box.seal(secret),
    secretLastFour: lastFourOf(secret),
    redirectUri: body.redirectUri ?? defaultRedirectUri(platform),
    isActive: body.isActive,
    ...(quota.quotaDailyUploads !== undefined ? { quotaDailyUploads: quota.quotaDailyUploads } : {}),
    ...(quota.quotaDailyUnits !== undefined ? { quotaDailyUnits: quota.quotaDailyUnits } : {}),
  });
  return dtoWithUsage(database, row.id);
}

/**
 * The form sends every field again; an empty secret keeps the stored one, and so does an absent
 * redirect URI (the one registered with Google must not change by omission).
 */
export async function updateClientSecret(database: Database, box: SecretBox, id: string, body: ClientSecretBody): Promise<ClientSecret> {
  const existing = await findClientSecret(database.db, id);
  if (!existing) throw notFound(CLIENT_NOT_FOUND);
  if (body.platform !== undefined && body.platform !== existing.platform) throw badRequest(PLATFORM_FIXED);
  const quota: Pick<ClientSecretBody, 'quotaDailyUploads' | 'quotaDailyUnits'> = existing.platform === 'youtube' ? body : {};
  const secret = body.clientSecret ?? '';
  const updated = await updateClientSecretRow(database.db, id, {
    name: body.name,
    clientId: body.clientId,
    ...(secret !== '' ? { sealedClientSecret: box.seal(secret), secretLastFour: lastFourOf(secret) } : {}),
    redirectUri: body.redirectUri ?? existing.redirectUri,
    isActive: body.isActive,
    ...(quota.quotaDailyUploads !== undefined ? { quotaDailyUploads: quota.quotaDailyUploads } : {}),
    ...(quota.quotaDailyUnits !== undefined ? { quotaDailyUnits: quota.quotaDailyUnits } : {}),
  });
  if (!updated) throw notFound(CLIENT_NOT_FOUND);
  return dtoWithUsage(database, id);
}

/** Its accounts stay, marked "Perlu Refresh": they must connect again through another client. */
export async function deleteClientSecret(database: Database, id: string): Promise<{ id: string }> {
  const removed = await database.transaction(({ db }) => deleteClientSecretRow(db, id));
  if (!removed) throw notFound(CLIENT_NOT_FOUND);
  return { id };
}

/**
 * The active client of that platform a member may connect through, with its secret opened; a
 * client of another platform is as good as missing (404).
 */
export async function findUsableClient(
  database: Database,
  box: SecretBox,
  id: string,
  platform: ClientSecretPlatform = 'youtube',
  notConfigured: string = CLIENT_NOT_CONFIGURED,
) {
  const row = await findClientSecret(database.db, id);
  if (!row || !row.isActive || row.platform !== platform) throw notFound(notConfigured);
  return {
    row,
    config: { clientId: row.clientId, clientSecret: box.open(row.sealedClientSecret), redirectUri: row.redirectUri },
  };
}
