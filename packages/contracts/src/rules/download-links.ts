// "Unduh dari URL": the links a member pastes or drops, and what a link says about its platform
// before yt-dlp has looked at it. The web form and the API apply the same rules.
import { isUnderDomain, OTHER_PLATFORM, PLATFORM_LINK_DOMAINS, SOURCE_PLATFORMS } from './platforms.ts';


/** At most this many links in one request (POST /api/media/batches with `urls`). */
export const MAX_URLS_PER_BATCH = 50;

const LINK = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the link ("lihat https://x.test/v/1.").
const TRAILING = /[.,;:!?)\]}>]+$/;

/**
 * The http and https links in a pasted text or a .txt file, in order, without repeats: anything
 * between them (words, bullets, other schemes) is dropped.
 */
export function extractLinks(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const match of text.matchAll(LINK)) {
    const link = match[0].replace(TRAILING, '');
    if (!URL.canParse(link) || seen.has(link)) continue;
    seen.add(link);
    out.push(link);
  }
  return out;
}

/** True for an absolute http(s) URL with a host (what the downloader accepts). */
export function isHttpLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  return new URL(value).hostname !== '';
}

/** Platform ids for yt-dlp's extractor keys (`TikTok`, `Youtube`, `Instagram`, ...). */
const EXTRACTOR_PLATFORMS: Readonly<Record<string, string>> = {
  tiktok: 'tiktok',
  douyin: 'douyin',
  youtube: 'youtube',
  instagram: 'instagram',
  facebook: 'facebook',
  facebookreel: 'facebook',
  twitter: 'twitter',
};


/** The platform a link belongs to by its host, `web` for any other site. */
export function platformOfUrl(url: string): string {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return OTHER_PLATFORM;
  }
  return SOURCE_PLATFORMS.find((id) => isUnderDomain(host, PLATFORM_LINK_DOMAINS[id])) ?? OTHER_PLATFORM;
}

/**
 * The platform of a downloaded link from yt-dlp's info: its extractor when that is one of our
 * platforms', else what the host says (`web` for other sites: the generic extractors, such as
 * `Generic` or `HTMLMediaEmbed`, say nothing about the site).
 */
export function platformOfDownload(url: string, extractor: string | undefined): string {
  const key = extractor?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
  const known = EXTRACTOR_PLATFORMS[key] ?? Object.entries(EXTRACTOR_PLATFORMS).find(([k]) => key.startsWith(k))?.[1];
  return known ?? platformOfUrl(url);
}
