// What tests of publishing (issue 33) share: videos made by ffmpeg to a destination's taste (or
// not), and publish_accounts values sealed from tokens the fakes issue (no browser, no
// connection routes). Insert the values with `db.insert(publishAccounts).values(...)`.
import { spawnSync } from 'node:child_process';
import type { SecretBox } from '@scrapper/integrations/secret-box';
import type { FakeTikTok } from './fake-tiktok/start-fake-tiktok.ts';
import type { FakeMeta } from './fake-meta/start-fake-meta.ts';

export interface VideoSpec {
  width?: number;
  height?: number;
  fps?: number;
  durationSecs?: number;
  /** moov first (default true); false leaves it after mdat, as a plain ffmpeg mp4 does. */
  faststart?: boolean;
  /**
   * A constant video bitrate (padded CBR), for a file of a known size: 48,000 kbps for 4 s is
   * about 23 MB, two of TikTok's 10 MiB chunks. Default: what ultrafast makes (tiny).
   */
  bitrateKbps?: number;
}

/** Writes an H.264/AAC MP4 at `path` (tiny and fast: testsrc2 and a sine). */
export function makeVideo(path: string, spec: VideoSpec = {}): void {
  const { width = 360, height = 640, fps = 30, durationSecs = 4, faststart = true, bitrateKbps } = spec;
  const rate = bitrateKbps ? `${bitrateKbps}k` : undefined;
  // prettier-ignore
  const args = [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${durationSecs}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${durationSecs}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    ...(rate ? ['-b:v', rate, '-minrate', rate, '-maxrate', rate, '-bufsize', rate, '-x264-params', 'nal-hrd=cbr'] : []),
    '-c:a', 'aac', '-b:a', '64k', '-ac', '1', '-shortest',
    ...(faststart ? ['-movflags', '+faststart'] : []),
    path,
  ];
  const made = spawnSync(process.env['FFMPEG_PATH'] ?? 'ffmpeg', args);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
}

const now = () => Date.now();

/** A TikTok account on the fake, its tokens sealed as the product keeps them. */
export function tiktokAccountValues(
  fake: FakeTikTok,
  box: SecretBox,
  input: { userId: string; clientSecretId: string | null; clientKey: string; username?: string; isPrivate?: boolean; scopes?: string[]; maxVideoPostDurationSec?: number },
) {
  const account = fake.addAccount({
    username: input.username ?? `kreator${Math.random().toString(36).slice(2, 8)}`,
    displayName: input.username ?? 'Kreator',
    isPrivate: input.isPrivate ?? false,
    ...(input.maxVideoPostDurationSec ? { maxVideoPostDurationSec: input.maxVideoPostDurationSec } : {}),
  });
  const tokens = fake.issueTokens({ openId: account.openId, clientKey: input.clientKey, scopes: input.scopes ?? ['user.info.basic', 'video.upload', 'video.publish'] });
  const stored = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: new Date(now() + tokens.expiresIn * 1000).toISOString(),
    refreshExpiresAt: new Date(now() + tokens.refreshExpiresIn * 1000).toISOString(),
    scope: tokens.scope,
  };
  return {
    account,
    values: {
      userId: input.userId,
      platform: 'tiktok' as const,
      clientSecretId: input.clientSecretId,
      remoteId: account.openId,
      name: account.displayName,
      username: account.username,
      sealedTokens: box.seal(JSON.stringify(stored)),
      tokenExpiresAt: new Date(stored.accessExpiresAt),
    },
  };
}

/** A Meta user with one Page and its Instagram account; the values of both destinations. */
export function metaAccountValues(fake: FakeMeta, box: SecretBox, input: { userId: string; clientSecretId: string | null; pageName?: string; igUsername?: string }) {
  const user = fake.addUser({ name: 'Pemilik', pages: [{ name: input.pageName ?? 'Halaman Dapur', instagram: { username: input.igUsername ?? 'dapur.ig' } }] });
  const page = user.pages[0];
  if (!page?.instagram) throw new Error('fake Meta made no page');
  const userToken = fake.issueUserToken({ userId: user.id, longLived: true });
  const pageToken = fake.issuePageToken(page.id);
  const sealedTokens = box.seal(JSON.stringify({ pageToken, userToken: userToken.accessToken, userTokenExpiresAt: new Date(now() + userToken.expiresIn * 1000).toISOString() }));
  const connectionId = crypto.randomUUID();
  const common = { userId: input.userId, clientSecretId: input.clientSecretId, connectionId, sealedTokens, tokenExpiresAt: null };
  return {
    user,
    page,
    facebook: { ...common, platform: 'facebook' as const, remoteId: page.id, name: page.name, username: null },
    instagram: { ...common, platform: 'instagram' as const, remoteId: page.instagram.id, name: page.instagram.username, username: page.instagram.username, pageId: page.id, pageName: page.name },
  };
}
