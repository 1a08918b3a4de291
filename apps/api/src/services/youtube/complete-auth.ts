// The OAuth redirect: a signed, unexpired, unused state; the code exchanged for tokens; the
// channel those tokens act for stored (tokens sealed). Every outcome is a page for the popup.
import { YOUTUBE_UNIT_COSTS } from '@scrapper/contracts/rules/youtube-quota';
import type { Database } from '@scrapper/db/client';
import {
  chargeQuotaUnits,
  consumeOAuthState,
  findClientSecret,
  findYouTubeAccount,
  findYouTubeAccountByChannel,
  updateYouTubeAccountGrant,
  upsertYouTubeAccount,
} from '@scrapper/db/queries/youtube';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import { exchangeCode, getOwnChannel, toYouTubeError, type GoogleEndpoints, type YouTubeTokens } from '@scrapper/integrations/youtube';
import type { FastifyBaseLogger } from 'fastify';
import { expiryOf, sealTokens } from './accounts.ts';
import type { CallbackPage } from './callback-page.ts';
import { CLIENT_NOT_CONFIGURED } from './client-secrets.ts';
import type { StateSigner } from './oauth-state.ts';

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
}

const failed = (status: number, message: string): CallbackPage => ({ status, title: 'Gagal menghubungkan akun YouTube', message, autoClose: false });

const INVALID_STATE = failed(
  400,
  'Permintaan koneksi tidak valid, sudah dipakai, atau sudah kedaluwarsa. Tutup jendela ini dan klik hubungkan akun sekali lagi.',
);

function googleFailurePage(raw: unknown, log: FastifyBaseLogger): CallbackPage {
  const error = toYouTubeError(raw);
  log.warn({ kind: error.kind, status: error.status }, 'YouTube OAuth callback: Google refused');
  if (error.kind === 'invalid_grant') {
    return failed(400, 'Kode otorisasi dari Google tidak valid atau sudah dipakai. Tutup jendela ini dan hubungkan akun sekali lagi.');
  }
  if (error.retryable || error.kind === 'quotaExceeded') {
    return failed(503, 'Google sedang tidak dapat dihubungi. Tutup jendela ini dan coba lagi beberapa saat lagi.');
  }
  return failed(400, error.userMessage || 'Google menolak permintaan koneksi.');
}

export async function completeAuth(
  deps: { database: Database; secrets: SecretBox; google: GoogleEndpoints; signer: StateSigner; log: FastifyBaseLogger },
  query: CallbackQuery,
): Promise<CallbackPage> {
  const { database, secrets, google } = deps;
  const stateId = query.state ? deps.signer.verify(query.state) : undefined;
  if (!stateId) return INVALID_STATE;

  if (query.error) {
    // The member's answer spends the state as a code would.
    await consumeOAuthState(database.db, stateId);
    if (query.error === 'access_denied') {
      return {
        status: 200,
        title: 'Koneksi dibatalkan',
        message: 'Anda tidak memberikan izin akses ke akun YouTube, jadi tidak ada akun yang terhubung. Tutup jendela ini untuk kembali.',
        autoClose: false,
      };
    }
    return failed(400, `Google menolak permintaan koneksi (${query.error}).`);
  }
  if (!query.code) return failed(400, 'Google tidak mengirimkan kode otorisasi. Tutup jendela ini dan coba lagi.');

  const state = await consumeOAuthState(database.db, stateId);
  if (!state) return INVALID_STATE;
  const client = await findClientSecret(database.db, state.clientSecretId);
  if (!client || !client.isActive || client.platform !== 'youtube') return failed(400, CLIENT_NOT_CONFIGURED);
  const config = { clientId: client.clientId, clientSecret: secrets.open(client.sealedClientSecret), redirectUri: client.redirectUri };

  let tokens: YouTubeTokens;
  let channel: { channelId: string; title: string };
  try {
    tokens = await exchangeCode(config, google, query.code);
    channel = await getOwnChannel(config, google, tokens, async (next) => {
      tokens = { ...next, refreshToken: next.refreshToken ?? tokens.refreshToken };
    });
  } catch (error) {
    return googleFailurePage(error, deps.log);
  }
  // channels.list: 1 unit of the client's units bucket.
  await chargeQuotaUnits(database.db, client.id, YOUTUBE_UNIT_COSTS['channels.list']);

  if (state.accountId) {
    const account = await findYouTubeAccount(database.db, state.accountId);
    if (!account || account.userId !== state.userId) return failed(404, 'Akun YouTube yang akan diautentikasi ulang tidak ditemukan.');
    if (account.channelId !== channel.channelId) {
      return failed(
        409,
        `Anda memilih channel "${channel.title}", padahal akun yang diautentikasi ulang adalah "${account.accountName}". ` +
          'Pilih channel yang sama, atau hubungkan channel lain sebagai akun baru.',
      );
    }
    const merged = { ...tokens, refreshToken: tokens.refreshToken ?? openRefreshToken(secrets, account.sealedTokens) };
    await updateYouTubeAccountGrant(database.db, account.id, {
      clientSecretId: client.id,
      accountName: channel.title,
      sealedTokens: sealTokens(secrets, merged),
      tokenExpiresAt: expiryOf(merged),
    });
  } else {
    // Google sends a refresh token only with consent; keep the one we had if it sent none.
    const existing = await findYouTubeAccountByChannel(database.db, state.userId, channel.channelId);
    const merged = { ...tokens, refreshToken: tokens.refreshToken ?? (existing ? openRefreshToken(secrets, existing.sealedTokens) : null) };
    await upsertYouTubeAccount(database.db, {
      userId: state.userId,
      channelId: channel.channelId,
      clientSecretId: client.id,
      accountName: channel.title,
      sealedTokens: sealTokens(secrets, merged),
      tokenExpiresAt: expiryOf(merged),
    });
  }
  return {
    status: 200,
    title: 'Akun YouTube terhubung',
    message: `Channel "${channel.title}" berhasil terhubung. Jendela ini akan tertutup otomatis.`,
    autoClose: true,
  };
}

function openRefreshToken(secrets: SecretBox, sealedTokens: string): string | null {
  const stored = JSON.parse(secrets.open(sealedTokens)) as Partial<YouTubeTokens>;
  return typeof stored.refreshToken === 'string' ? stored.refreshToken : null;
}
