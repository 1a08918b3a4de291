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
 */
export const SCENARIO_WORDS = { watch: 'pantau', slow: 'lama', fail: 'gagal' } as const;

export const QUICK_ITEM_COUNT = 5;
export const WATCH_ITEM_COUNT = 12;
export const FAIL_STATUS_MESSAGE = 'Aktor gagal (skenario e2e).';

/** Log lines the fake run writes (the worker copies them into the task's log). */
export const FAKE_LOG_LINES = [
  'INFO  Crawler dimulai',
  'INFO  Membuka halaman pencarian',
  'INFO  Menyimpan item ke dataset',
  'INFO  Crawler selesai',
];

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
