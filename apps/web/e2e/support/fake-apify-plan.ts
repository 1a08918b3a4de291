// What the fake Apify of the e2e run knows, shared by start-server.ts (which scripts the
// fake) and the specs (which choose a scenario through the words of their targets). It
// imports nothing from testkit, so specs can use it without starting anything.

/** Apify tokens the fake accepts (their last 8 characters tell them apart in the key list). */
export const APIFY_TOKENS = {
  /** Made the active key by the scraper specs before they start tasks. */
  scrape: 'e2e-apify-token-scrape-11111111',
  /** Added and validated by the admin in the API key spec. */
  admin: 'e2e-apify-token-admin-22222222',
} as const;

/** A token the fake does not know: validating it says the key is invalid. */
export const UNKNOWN_APIFY_TOKEN = 'e2e-apify-token-unknown-33333333';

export const APIFY_ACCOUNT = 'e2e-apify-user';

/**
 * A word in the target picks how the run goes; anything else is a quick success.
 * - `pantau`: runs ~9 s so the dashboard's 5 s polls see it running, then 12 items.
 * - `lama`: runs a minute (to be cancelled).
 * - `gagal`: the actor ends FAILED.
 * - `unduh`: quick, with the MEDIA_ITEMS below, whose videos are on the media server.
 * - `ribuan`: quick, with MANY_ITEM_COUNT items (the downloader's windowed table).
 * - `kosong` (Facebook): EMPTY_POST_COUNT page posts, none of them a reel: found, none kept.
 * - `tanpajudul`: quick, one TikTok item without a caption whose video is the media server's
 *   HLS master (yt-dlp titles it "master"): one name for it everywhere (issue 31 item 2).
 * - `panjang`: runs ~14 s writing LONG_LOG_LINES (many more lines per 5 s poll than a status
 *   answer carries), then QUICK_ITEM_COUNT items.
 */
export const SCENARIO_WORDS = {
  watch: 'pantau',
  slow: 'lama',
  fail: 'gagal',
  media: 'unduh',
  many: 'ribuan',
  empty: 'kosong',
  longLog: 'panjang',
  untitled: 'tanpajudul',
} as const;

/** How many posts the Facebook `kosong` run finds (all dropped: no reel page among them). */
export const EMPTY_POST_COUNT = 20;

/** Which media-server URL an item's video is at (see testkit's media-server README). */
export type MediaUrlKey = 'clip3s' | 'clip8s' | 'hlsMaster' | 'notFound';

export interface MediaItemPlan {
  title: string;
  url: MediaUrlKey;
  /** Seconds, as the actor reports it (the videos themselves are shorter fixtures). */
  duration: number;
  /** A cover that loads (an inline SVG), none at all, or one that fails to load. */
  cover: 'image' | 'none' | 'broken';
}

/**
 * The `unduh` scenario's TikTok items, in order. The fourth repeats the first title with
 * other spacing and case (the duplicate filter hides it); the fifth says it lasts over two
 * minutes (the duration filter); the last points at a 404, so its download fails.
 */
export const MEDIA_ITEMS: readonly MediaItemPlan[] = [
  { title: 'Klip delapan detik', url: 'clip8s', duration: 8, cover: 'image' },
  { title: 'Klip tiga detik', url: 'clip3s', duration: 3, cover: 'none' },
  { title: 'Klip HLS empat detik', url: 'hlsMaster', duration: 4, cover: 'broken' },
  { title: '  KLIP delapan DETIK ', url: 'clip8s', duration: 8, cover: 'image' },
  { title: 'Klip dua menit', url: 'clip3s', duration: 125, cover: 'image' },
  { title: 'Klip yang hilang', url: 'notFound', duration: 5, cover: 'none' },
];

/**
 * Covers of the `unduh` and `ribuan` items. The API maps only http(s) thumbnails and there is
 * no network here: the specs answer COVER_URL with an image through page.route, and the
 * other one is at a name that cannot resolve (.invalid), so the table's fallback shows.
 */
export const COVER_URL = 'https://cover.e2e.test/cover.svg';
export const BROKEN_COVER_URL = 'https://cover.e2e.invalid/cover.jpg';

/** The author of the `unduh` items: `kreator_` plus a tag of the run's input. */
export const MEDIA_AUTHOR_PREFIX = 'kreator_';

export const MANY_ITEM_COUNT = 3000;

export const QUICK_ITEM_COUNT = 5;
export const WATCH_ITEM_COUNT = 12;
export const FAIL_STATUS_MESSAGE = 'Aktor gagal (skenario e2e).';

/**
 * What the runs cost (their `usageTotalUsd`): the `pantau` run grows to WATCH_RUN_COST_USD while
 * the dashboard watches it, the `gagal` run ends costing FAIL_RUN_COST_USD. The other scenarios
 * cost the fake's default, $0.005 plus $0.0004 per item.
 */
export const WATCH_RUN_COST_USD = 0.0123;
export const FAIL_RUN_COST_USD = 0.002;

/** Log lines the fake run writes (the worker copies them into the task's log). */
export const FAKE_LOG_LINES = [
  'INFO  Crawler dimulai',
  'INFO  Membuka halaman pencarian',
  'INFO  Menyimpan item ke dataset',
  'INFO  Crawler selesai',
];

/** The `panjang` run's log: 300 numbered lines. */
export const LONG_LOG_LINES: readonly string[] = Array.from(
  { length: 300 },
  (_, index) => `INFO  Halaman ${index + 1} dari 300 diproses`,
);

/** The sixth platform the admin adds through the actor editor in the e2e run. */
export const TWITTER = {
  platformId: 'twitter',
  displayName: 'X (Twitter)',
  actorId: 'apidojo/tweet-scraper',
  inputKey: 'searchTerms',
  /** Raw tweets in the scenario; every third is a photo, which the mapping drops. */
  rawItemCount: 9,
  videoItemCount: 6,
  author: 'e2e_tweeps',
} as const;
