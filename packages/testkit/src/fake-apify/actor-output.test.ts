import { ActorConfigSchema, VideoItemSchema, type ActorConfig } from '@scrapper/contracts/http/actor-configs';
import { directMediaUrlOf } from '@scrapper/contracts/rules/direct-media-url';
import { mapItems } from '@scrapper/contracts/rules/map-items';
import { seedActorConfigs } from '@scrapper/contracts/rules/seed-actor-configs';
import { describe, expect, it } from 'vitest';
import { ACTOR_IDS, ACTOR_OUTPUT_PLATFORMS, actorOutput, type ActorOutputPlatform } from './actor-output.ts';

// The fixture items of each actor through its seed config: what a member gets from a real
// run of that actor. One table row per item the mapping keeps.

function seed(platform: ActorOutputPlatform): ActorConfig {
  const input = seedActorConfigs.find((config) => config.platformId === platform);
  if (!input) throw new Error(`no seed config for ${platform}`);
  return ActorConfigSchema.parse(input);
}

type Row = [id: string, url: string, duration: number | null, author: string, plays: number | null, direct: string | null];

function rows(platform: ActorOutputPlatform): Row[] {
  return mapItems(actorOutput(platform), seed(platform)).map((item) => {
    expect(VideoItemSchema.safeParse(item).success).toBe(true);
    return [item.id, item.url, item.duration, item.author, item.play_count, directMediaUrlOf(item.raw)];
  });
}

describe('actor output fixtures', () => {
  it('are the output of the actors the seed configs name', () => {
    for (const platform of ACTOR_OUTPUT_PLATFORMS) expect(seed(platform).actorId).toBe(ACTOR_IDS[platform]);
  });

  it('TikTok (clockworks/tiktok-scraper): webVideoUrl, else the submitted URL; stored mediaUrls as the direct copy', () => {
    expect(rows('tiktok')).toEqual([
      ['7423512345678901234', 'https://www.tiktok.com/@kopikenangan.id/video/7423512345678901234', 16, 'kopikenangan.id', 45800, null],
      [
        '7423599999999999999',
        'https://www.tiktok.com/@dapur.bunda/video/7423599999999999999?is_from_webapp=1',
        58,
        'dapur.bunda',
        1200000,
        'https://api.apify.com/v2/key-value-stores/kvs0123456789abcd/records/video-dapur.bunda-20241005031500-7423599999999999999.mp4',
      ],
    ]);
  });

  it('YouTube (streamers/youtube-scraper): HH:MM:SS durations, Shorts URLs, a live stream without one', () => {
    expect(rows('youtube')).toEqual([
      ['a1B2c3D4e5F', 'https://www.youtube.com/watch?v=a1B2c3D4e5F', 62, 'Dapur Nusantara', 153402, null],
      ['Zz9Yy8Xx7Ww', 'https://www.youtube.com/shorts/Zz9Yy8Xx7Ww', 31, 'Sambal Bu Rudy', 2345, null],
      ['LiveLiveLiv', 'https://www.youtube.com/watch?v=LiveLiveLiv', null, 'Dapur Nusantara', 87, null],
    ]);
  });

  it('Instagram (apify/instagram-scraper): only videos, the post URL for yt-dlp, the signed videoUrl as the direct fallback', () => {
    const [reel, hidden] = actorOutput('instagram').filter((item) => (item as { type?: string }).type === 'Video') as { videoUrl: string }[];
    expect(rows('instagram')).toEqual([
      ['3458123456789012345', 'https://www.instagram.com/p/DAbCdEfGhIj/', 29.566, 'kulinerjkt', 120334, reel?.videoUrl],
      ['3458123456700000003', 'https://www.instagram.com/p/DAHidden003/', 12.1, 'warungbutini', 900, hidden?.videoUrl],
    ]);
  });

  it('Facebook (apify/facebook-reels-scraper): the reel page, durations in seconds or milliseconds, no direct URL', () => {
    expect(rows('facebook')).toEqual([
      ['1234567890123456', 'https://www.facebook.com/reel/987654321098765', 31.466, 'detikcom', 56000, null],
      ['1234567890000002', 'https://www.facebook.com/reel/987654321000002', 9, '', 1200000, null],
    ]);
  });

  it('Facebook posts (apify/facebook-posts-scraper) through the Facebook seed: its reel and video posts, not its photo and text posts', () => {
    const items = mapItems(actorOutput('facebook-posts'), seed('facebook'));
    expect(items.map((item) => [item.id, item.url, item.title, item.play_count])).toEqual([
      ['1029384756102938', 'https://www.facebook.com/reel/1122334455667788', 'Pantauan arus mudik dari udara', 12345],
      ['1029384756100002', 'https://www.facebook.com/detikcom/videos/3344556677889900/', '', 4500],
    ]);
  });

  it("Douyin (community actor, Douyin's own names): the douyin.com page, play_addr as the direct URL", () => {
    expect(rows('douyin')).toEqual([
      [
        '7425678901234567890',
        'https://www.douyin.com/video/7425678901234567890',
        15.433,
        '成都吃货日记',
        0,
        'https://v26-web.douyinvod.com/3f1c/66f4a1b2/video/tos/cn/tos-cn-ve-15/play.mp4',
      ],
      ['7425678901200000002', 'https://www.douyin.com/video/7425678901200000002', 61, '重庆火锅王', 230000, 'https://v26-web.douyinvod.com/9a8b/66f4a1b2/video/tos/cn/hotpot.mp4'],
    ]);
  });
});
