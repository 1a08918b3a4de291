// Which sites a platform's URL targets may point at. The dashboard and the API apply the same
// rule (the form answers first, the server decides): a TikTok form refuses a youtube.com link
// before an Apify run is paid for it.

/** The lower-case host of a URL target (`www.` targets read as https), or null when unreadable. */
export function targetHost(target: string): string | null {
  const text = target.trim();
  const absolute = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(absolute);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

/** On one of the domains (or a subdomain of one); any URL when the list is empty. */
export function isOnDomains(target: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const host = targetHost(target);
  if (host === null) return false;
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The refusal, naming the target and where its links come from. */
export function outsideDomainsMessage(platformName: string, target: string, domains: readonly string[]): string {
  const shown = target.length > 80 ? `${target.slice(0, 77)}...` : target;
  return `"${shown}" bukan link ${platformName}. Masukkan URL dari ${domains.join(', ')}.`;
}
