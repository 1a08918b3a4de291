import {
  ACTOR_IDS,
  actorOutputScenario,
  type ActorOutputPlatform,
} from '@scrapper/testkit/fake-apify/actor-output';
import type { FakeScenario } from '@scrapper/testkit/fake-apify/scenario';
import type { FakeApify } from '@scrapper/testkit/fake-apify/start-fake-apify';
import type { MediaServerUrls } from '@scrapper/testkit/media-server/start-media-server';
import {
  APIFY_ACCOUNT,
  APIFY_TOKENS,
  BROKEN_COVER_URL,
  COVER_URL,
  EMPTY_POST_COUNT,
  FAIL_RUN_COST_USD,
  FAIL_STATUS_MESSAGE,
  FAKE_LOG_LINES,
  LONG_LOG_LINES,
  MANY_ITEM_COUNT,
  MEDIA_AUTHOR_PREFIX,
  MEDIA_ITEMS,
  QUICK_ITEM_COUNT,
  SCENARIO_WORDS,
  TWITTER,
  WATCH_ITEM_COUNT,
  WATCH_RUN_COST_USD,
} from './fake-apify-plan.ts';

// Scenarios chosen by the run input, because the fake lives in the web server process and
// the specs run in Playwright's worker: a spec picks a scenario through its target text.

type ItemMaker = (seed: string, index: number) => unknown;

/** The benchmark (bench/browser.ts) asks for a far longer `ribuan` result than the specs. */
const manyItemCount = Number(process.env.E2E_MANY_ITEM_COUNT) || MANY_ITEM_COUNT;

/** A short, stable id part per input, so items of different tasks have different ids. */
function seedOf(input: unknown): string {
  const text = JSON.stringify(input) ?? '';
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return (hash >>> 0).toString(36);
}

function scenarioFor(
  input: unknown,
  makeItem: ItemMaker,
  itemCount: number,
  media?: MediaServerUrls,
): FakeScenario {
  const text = JSON.stringify(input) ?? '';
  const seed = seedOf(input);
  if (media && text.includes(SCENARIO_WORDS.media)) {
    const tag = new RegExp(`${SCENARIO_WORDS.media}-([a-z0-9]+)`).exec(text)?.[1] ?? seed;
    return {
      durationMs: 1500,
      logLines: FAKE_LOG_LINES,
      items: MEDIA_ITEMS.map((_, index) => mediaItem(media, seed, tag, index)),
    };
  }
  if (media && text.includes(SCENARIO_WORDS.untitled)) {
    const tag = new RegExp(`${SCENARIO_WORDS.untitled}-([a-z0-9]+)`).exec(text)?.[1] ?? seed;
    const id = `7${seed}9999`;
    return {
      durationMs: 1500,
      logLines: FAKE_LOG_LINES,
      items: [
        {
          id,
          text: '',
          webVideoUrl: media.hlsMaster,
          authorMeta: { name: `${MEDIA_AUTHOR_PREFIX}${tag}` },
          playCount: 10,
          videoMeta: { duration: 4 },
        },
      ],
    };
  }
  if (media && text.includes(SCENARIO_WORDS.many)) {
    return {
      durationMs: 1500,
      logLines: FAKE_LOG_LINES,
      items: generated(seed, (s, index) => manyItem(media, s, index), manyItemCount),
    };
  }
  if (text.includes(SCENARIO_WORDS.fail)) {
    return {
      durationMs: 1000,
      outcome: 'FAILED',
      statusMessage: FAIL_STATUS_MESSAGE,
      usageTotalUsd: FAIL_RUN_COST_USD,
    };
  }
  if (text.includes(SCENARIO_WORDS.slow)) {
    return { durationMs: 60_000, logLines: FAKE_LOG_LINES, items: generated(seed, makeItem, 50) };
  }
  if (text.includes(SCENARIO_WORDS.longLog)) {
    return { durationMs: 14_000, logLines: LONG_LOG_LINES, items: generated(seed, makeItem, itemCount) };
  }
  if (text.includes(SCENARIO_WORDS.watch)) {
    return {
      durationMs: 9000,
      logLines: FAKE_LOG_LINES,
      items: generated(seed, makeItem, WATCH_ITEM_COUNT),
      usageTotalUsd: WATCH_RUN_COST_USD,
    };
  }
  return {
    durationMs: 1500,
    logLines: FAKE_LOG_LINES,
    items: generated(seed, makeItem, itemCount),
  };
}

function generated(seed: string, makeItem: ItemMaker, count: number) {
  return { count, item: (index: number) => makeItem(seed, index) };
}

/** clockworks/tiktok-scraper's output fields as the actor publishes them (see its seed config). */
function tiktokItem(seed: string, index: number) {
  const id = `7${seed}${String(index).padStart(4, '0')}`;
  return {
    id,
    text: `Video e2e ${index + 1}`,
    createTimeISO: new Date(Date.UTC(2026, 9, 1, 0, index)).toISOString(),
    webVideoUrl: `https://www.tiktok.com/@e2e_creator/video/${id}`,
    authorMeta: { name: 'e2e_creator', nickName: 'E2E Creator' },
    playCount: 1000 + index,
    diggCount: 10 + index,
    commentCount: index,
    shareCount: 0,
    videoMeta: { duration: 15 + index, coverUrl: 'https://p16.example.com/cover.jpg' },
    hashtags: [{ name: 'e2e' }],
    isSlideshow: false,
  };
}

/** The `unduh` items (MEDIA_ITEMS), TikTok-shaped, their videos on the media server. */
function mediaItem(media: MediaServerUrls, seed: string, tag: string, index: number) {
  const plan = MEDIA_ITEMS[index];
  if (!plan) throw new Error(`no media item ${index}`);
  const coverUrl =
    plan.cover === 'image' ? COVER_URL : plan.cover === 'broken' ? BROKEN_COVER_URL : undefined;
  return {
    id: `7${seed}${String(index).padStart(4, '0')}`,
    text: plan.title,
    webVideoUrl: media[plan.url],
    authorMeta: { name: `${MEDIA_AUTHOR_PREFIX}${tag}` },
    playCount: 1500 * (index + 1),
    diggCount: 120 + index,
    videoMeta: { duration: plan.duration, coverUrl },
  };
}

/** The `ribuan` items: thousands of short clips for the windowed table. */
function manyItem(media: MediaServerUrls, seed: string, index: number) {
  return {
    id: `8${seed}${String(index).padStart(5, '0')}`,
    text: `Video massal ${index + 1}`,
    webVideoUrl: media.clip3s,
    authorMeta: { name: 'e2e_massal' },
    playCount: index * 10,
    diggCount: index,
    videoMeta: { duration: 3 + (index % 200), coverUrl: COVER_URL },
  };
}

/** apidojo/tweet-scraper's tweet shape; every third tweet carries a photo, not a video. */
function tweetItem(seed: string, index: number) {
  const id = `18${seed}${String(index).padStart(4, '0')}`;
  const isVideo = index % 3 !== 2;
  return {
    type: 'tweet',
    id,
    url: `https://x.com/${TWITTER.author}/status/${id}`,
    text: `Tweet e2e ${index + 1}`,
    author: { userName: TWITTER.author, name: 'E2E Tweeps' },
    viewCount: 500 + index,
    likeCount: 5 + index,
    extendedEntities: {
      media: [
        {
          type: isVideo ? 'video' : 'photo',
          media_url_https: 'https://pbs.example.com/media.jpg',
          video_info: isVideo ? { duration_millis: 12_000 + index * 1000 } : undefined,
        },
      ],
    },
  };
}

/** A page's photo post as the reels actor passes it through: no reel, no video, no reel page. */
function facebookPhotoPost(seed: string, index: number) {
  return {
    inputUrl: 'https://www.facebook.com/halaman.foto',
    post_id: `9${seed}${String(index).padStart(4, '0')}`,
    text: `Foto kegiatan ${index + 1}`,
    url: `https://www.facebook.com/halaman.foto/posts/${seed}${index}`,
    attachments: [{ media: { __typename: 'Photo', id: `p${seed}${index}` } }],
  };
}

/** Tokens and actor scripts of the e2e run; TikTok items may point at the media server. */
export function scriptFakeApify(fake: FakeApify, media: MediaServerUrls): void {
  for (const token of Object.values(APIFY_TOKENS)) fake.addToken(token, APIFY_ACCOUNT);
  fake.script('clockworks/tiktok-scraper', (input) =>
    scenarioFor(input, tiktokItem, QUICK_ITEM_COUNT, media),
  );
  fake.script(TWITTER.actorId, (input) => scenarioFor(input, tweetItem, TWITTER.rawItemCount));
  // The other seeded actors answer with items shaped like their real output (testkit's
  // actor-output fixtures), so every platform of the dashboard can be scraped in the demo.
  const others: ActorOutputPlatform[] = ['douyin', 'youtube', 'instagram', 'facebook'];
  for (const platform of others) {
    fake.script(ACTOR_IDS[platform], (input) => {
      const text = JSON.stringify(input) ?? '';
      if (text.includes(SCENARIO_WORDS.fail)) return { durationMs: 1000, outcome: 'FAILED', statusMessage: FAIL_STATUS_MESSAGE };
      if (platform === 'facebook' && text.includes(SCENARIO_WORDS.empty)) {
        return { durationMs: 1500, logLines: FAKE_LOG_LINES, items: generated(seedOf(input), facebookPhotoPost, EMPTY_POST_COUNT) };
      }
      return actorOutputScenario(platform, { durationMs: 1500, logLines: FAKE_LOG_LINES });
    });
  }
}
