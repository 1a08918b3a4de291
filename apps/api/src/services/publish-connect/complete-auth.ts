// The TikTok and Meta redirects: a signed, unexpired, unused state issued for a client of that
// platform; the code exchanged for tokens; the destinations those tokens act for stored (tokens
// sealed). Every outcome is a page for the popup, as YouTube's callback.
import { randomUUID } from 'node:crypto';
import { CLIENT_SECRET_PLATFORM_LABELS, type ConnectPlatform } from '@scrapper/contracts/rules/publish-destinations';
import { upsertPublishAccount } from '@scrapper/db/queries/publish-accounts';
import { consumeOAuthState, findClientSecret } from '@scrapper/db/queries/youtube';
import type { OAuthClientSecretRow, OAuthStateRow } from '@scrapper/db/schema';
import { exchangeLongLivedToken, exchangeMetaCode, getMetaUser, listMetaDestinations } from '@scrapper/integrations/meta';
import { isPublishError } from '@scrapper/integrations/publish-error';
import { exchangeTikTokCode, fetchTikTokUser, toStoredTikTokTokens } from '@scrapper/integrations/tiktok';
import type { FastifyBaseLogger } from 'fastify';
import type { CallbackPage } from '../youtube/callback-page.ts';
import { CONNECT_CLIENT_NOT_CONFIGURED, type ConnectDeps } from './start-auth.ts';

export interface PublishCallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

const LABEL: Record<ConnectPlatform, string> = CLIENT_SECRET_PLATFORM_LABELS;

const failed = (platform: ConnectPlatform, status: number, message: string): CallbackPage => ({
  status,
  title: `Gagal menghubungkan akun ${LABEL[platform]}`,
  message,
  autoClose: false,
});

const invalidState = (platform: ConnectPlatform) =>
  failed(platform, 400, 'Permintaan koneksi tidak valid, sudah dipakai, atau sudah kedaluwarsa. Tutup jendela ini dan klik hubungkan akun sekali lagi.');

function platformFailurePage(platform: ConnectPlatform, raw: unknown, log: FastifyBaseLogger): CallbackPage {
  if (!isPublishError(raw)) throw raw;
  log.warn({ platform, code: raw.code, status: raw.status }, 'publish OAuth callback: the platform refused');
  if (raw.retryable) {
    return failed(platform, 503, `${LABEL[platform]} sedang tidak dapat dihubungi. Tutup jendela ini dan coba lagi beberapa saat lagi.`);
  }
  return failed(platform, 400, `${raw.userMessage} Tutup jendela ini dan hubungkan akun sekali lagi.`);
}

type Spent = { ok: true; state: OAuthStateRow; client: OAuthClientSecretRow; secret: string } | { ok: false; page: CallbackPage };

/** Checks and spends the state; the member's own "no" spends it as a code would. */
async function spendState(deps: ConnectDeps, platform: ConnectPlatform, query: PublishCallbackQuery): Promise<Spent> {
  const { database } = deps;
  const stateId = query.state ? deps.signer.verify(query.state) : undefined;
  if (!stateId) return { ok: false, page: invalidState(platform) };
  if (query.error) {
    await consumeOAuthState(database.db, stateId);
    if (query.error === 'access_denied') {
      return {
        ok: false,
        page: {
          status: 200,
          title: 'Koneksi dibatalkan',
          message: `Anda tidak memberikan izin akses ke akun ${LABEL[platform]}, jadi tidak ada akun yang terhubung. Tutup jendela ini untuk kembali.`,
          autoClose: false,
        },
      };
    }
    return { ok: false, page: failed(platform, 400, `${LABEL[platform]} menolak permintaan koneksi (${query.error}).`) };
  }
  if (!query.code) return { ok: false, page: failed(platform, 400, `${LABEL[platform]} tidak mengirimkan kode otorisasi. Tutup jendela ini dan coba lagi.`) };
  const state = await consumeOAuthState(database.db, stateId);
  if (!state) return { ok: false, page: invalidState(platform) };
  const client = await findClientSecret(database.db, state.clientSecretId);
  // A state issued for another platform's client (YouTube's, say) is no state for this callback.
  if (!client || client.platform !== platform) return { ok: false, page: invalidState(platform) };
  if (!client.isActive) return { ok: false, page: failed(platform, 400, CONNECT_CLIENT_NOT_CONFIGURED[platform]) };
  return { ok: true, state, client, secret: deps.secrets.open(client.sealedClientSecret) };
}

export async function completeTikTokAuth(deps: ConnectDeps & { log: FastifyBaseLogger }, query: PublishCallbackQuery): Promise<CallbackPage> {
  const spent = await spendState(deps, 'tiktok', query);
  if (!spent.ok) return spent.page;
  const { state, client, secret } = spent;
  let stored;
  let user;
  try {
    const tokens = await exchangeTikTokCode({
      apiBaseUrl: deps.tiktok.apiBaseUrl,
      clientKey: client.clientId,
      clientSecret: secret,
      code: query.code ?? '',
      redirectUri: client.redirectUri,
    });
    stored = toStoredTikTokTokens(tokens);
    user = await fetchTikTokUser({ apiBaseUrl: deps.tiktok.apiBaseUrl, accessToken: tokens.accessToken });
    if (!user.openId) user = { ...user, openId: tokens.openId };
  } catch (error) {
    return platformFailurePage('tiktok', error, deps.log);
  }
  const name = user.displayName || user.username || 'Akun TikTok';
  await upsertPublishAccount(deps.database.db, {
    userId: state.userId,
    platform: 'tiktok',
    clientSecretId: client.id,
    remoteId: user.openId,
    name,
    username: user.username || null,
    sealedTokens: deps.secrets.seal(JSON.stringify(stored)),
    tokenExpiresAt: new Date(stored.accessExpiresAt),
  });
  return {
    status: 200,
    title: 'Akun TikTok terhubung',
    message: `Akun TikTok "${name}" berhasil terhubung. Jendela ini akan tertutup otomatis.`,
    autoClose: true,
  };
}

export async function completeMetaAuth(deps: ConnectDeps & { log: FastifyBaseLogger }, query: PublishCallbackQuery): Promise<CallbackPage> {
  const spent = await spendState(deps, 'meta', query);
  if (!spent.ok) return spent.page;
  const { state, client, secret } = spent;
  const app = { appId: client.clientId, appSecret: secret, redirectUri: client.redirectUri };
  let userToken;
  let metaUser;
  let destinations;
  try {
    const shortLived = await exchangeMetaCode(deps.meta, app, query.code ?? '');
    userToken = await exchangeLongLivedToken(deps.meta, app, shortLived.accessToken);
    metaUser = await getMetaUser(deps.meta, userToken.accessToken);
    destinations = await listMetaDestinations(deps.meta, userToken.accessToken);
  } catch (error) {
    return platformFailurePage('meta', error, deps.log);
  }
  if (destinations.length === 0) {
    return failed(
      'meta',
      409,
      'Akun Facebook ini tidak mengelola Page apa pun (atau Page tidak dipilih saat login), jadi tidak ada tujuan yang terhubung. Pilih minimal satu Page saat login, lalu coba lagi.',
    );
  }
  const pageNames = new Map(destinations.filter((d) => d.platform === 'facebook').map((d) => [d.pageId, d.name]));
  const connectionId = randomUUID();
  await deps.database.transaction(async ({ db }) => {
    for (const d of destinations) {
      await upsertPublishAccount(db, {
        userId: state.userId,
        platform: d.platform,
        clientSecretId: client.id,
        remoteId: d.remoteId,
        name: d.name,
        username: d.platform === 'instagram' ? d.name : null,
        pageId: d.pageId,
        pageName: pageNames.get(d.pageId) ?? null,
        connectionId,
        metaUserId: metaUser.id,
        sealedTokens: deps.secrets.seal(
          JSON.stringify({ pageToken: d.token, userToken: userToken.accessToken, userTokenExpiresAt: userToken.expiresAt?.toISOString() ?? null }),
        ),
        // A Page token from a long-lived user token does not expire.
        tokenExpiresAt: null,
      });
    }
  });
  const pages = destinations.filter((d) => d.platform === 'facebook').length;
  const instagram = destinations.length - pages;
  return {
    status: 200,
    title: 'Akun Meta terhubung',
    message: `${pages} Page Facebook dan ${instagram} akun Instagram berhasil terhubung. Jendela ini akan tertutup otomatis.`,
    autoClose: true,
  };
}
