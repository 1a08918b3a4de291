// The one platform vocabulary (issue 32): the platform ids, the names members read for them and
// their domains, for scraping sources, cookies and publishing destinations alike. Every other
// module (web, API, worker, extension) takes them from here; `platforms.test.ts` fails when a
// label or domain is written anywhere else. Pure data: the extension bundles this file.

/**
 * The platforms videos come from: the download history and the file manager filter by them
 * (spec part 2, section 9: "History platforms: youtube, douyin, tiktok, instagram, facebook,
 * twitter", in that order).
 */
export const SOURCE_PLATFORMS = [
  'youtube',
  'douyin',
  'tiktok',
  'instagram',
  'facebook',
  'twitter',
] as const;
export type SourcePlatform = (typeof SOURCE_PLATFORMS)[number];

/** The platforms admins keep cookies for (spec part 1, section 9: "Cookie platforms"). */
export const COOKIE_PLATFORMS = ['tiktok', 'douyin', 'youtube', 'instagram', 'facebook'] as const;
export type CookiePlatform = (typeof COOKIE_PLATFORMS)[number];

/** Where Scrapper publishes (issue 33). */
export const PUBLISH_PLATFORMS = ['youtube', 'tiktok', 'instagram', 'facebook'] as const;
export type PublishPlatformId = (typeof PUBLISH_PLATFORMS)[number];

/** A link to no known platform ("Unduh dari URL" from any other site; yt-dlp's generic extractor). */
export const OTHER_PLATFORM = 'web';

/**
 * The names members read. The spec writes TikTok, Douyin, YouTube, Instagram and Facebook; for
 * `twitter` it gives the id only, so its name is the spec's word, capitalised like the others.
 */
export const PLATFORM_LABELS: Readonly<Record<SourcePlatform, string>> = {
  youtube: 'YouTube',
  douyin: 'Douyin',
  tiktok: 'TikTok',
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
};

/** What the lists show for a link from any other site. */
export const OTHER_PLATFORM_LABEL = 'Situs lain';

/** Each cookie platform's name (the cookie tab, the extension's popup, the worker's messages). */
export const COOKIE_PLATFORM_LABELS = Object.fromEntries(
  COOKIE_PLATFORMS.map((id) => [id, PLATFORM_LABELS[id]]),
) as Readonly<Record<CookiePlatform, string>>;

/** Each destination's name: Instagram and Facebook publish reels. */
export const PUBLISH_PLATFORM_LABELS: Readonly<Record<PublishPlatformId, string>> = {
  youtube: PLATFORM_LABELS.youtube,
  tiktok: PLATFORM_LABELS.tiktok,
  instagram: `${PLATFORM_LABELS.instagram} Reels`,
  facebook: `${PLATFORM_LABELS.facebook} Reels`,
};

function isSourcePlatform(id: string): id is SourcePlatform {
  return (SOURCE_PLATFORMS as readonly string[]).includes(id);
}

/** A known platform's name ('tiktok' -> 'TikTok'); any other id as it is. */
export function sourcePlatformName(platformId: string): string {
  return isSourcePlatform(platformId) ? PLATFORM_LABELS[platformId] : platformId;
}

/** The name a list shows: known platforms by name, 'web' as 'Situs lain', unknown ids as they are. */
export function platformLabel(platformId: string): string {
  const id = platformId.toLowerCase();
  if (id === OTHER_PLATFORM) return OTHER_PLATFORM_LABEL;
  return isSourcePlatform(id) ? PLATFORM_LABELS[id] : platformId;
}

/** The known platforms plus any others seen in the data, as select options. */
export function platformOptions(seen: readonly string[] = []): { value: string; label: string }[] {
  const ids = [...SOURCE_PLATFORMS, ...seen.filter((id) => !isSourcePlatform(id))];
  return ids.map((id) => ({ value: id, label: platformLabel(id) }));
}

/** The hosts a platform's links live on (what a pasted link says about its platform). */
export const PLATFORM_LINK_DOMAINS: Readonly<Record<SourcePlatform, readonly string[]>> = {
  tiktok: ['tiktok.com'],
  douyin: ['douyin.com', 'iesdouyin.com'],
  youtube: ['youtube.com', 'youtu.be'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'fb.com', 'fb.watch'],
  twitter: ['twitter.com', 'x.com'],
};

/**
 * The cookie domains of each platform: the extension reads cookies of these domains (and their
 * subdomains) and nothing else, and the API refuses a line of any other domain. YouTube's login
 * lives on google.com, so its cookies come along with youtube.com's. The first one is where a
 * pasted Cookie header line is written to.
 */
export const PLATFORM_COOKIE_DOMAINS = {
  tiktok: ['tiktok.com'],
  douyin: ['douyin.com'],
  youtube: ['youtube.com', 'google.com'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com'],
} as const satisfies Record<CookiePlatform, readonly string[]>;

/** Whether a host (`www.youtube.com`, `.tiktok.com`) is one of the domains or below one. */
export function isUnderDomain(host: string, domains: readonly string[]): boolean {
  const bare = host.replace(/^\./, '').replace(/\.$/, '').toLowerCase();
  return domains.some((d) => bare === d || bare.endsWith(`.${d}`));
}

/** The cookie domain a header line (`a=1; b=2`) of a platform is written for (`.tiktok.com`). */
export function headerCookieDomain(platform: string): string | undefined {
  const domains: readonly string[] | undefined = (
    PLATFORM_COOKIE_DOMAINS as Record<string, readonly string[]>
  )[platform];
  return domains?.[0] === undefined ? undefined : `.${domains[0]}`;
}
