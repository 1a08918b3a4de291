// The page a notification is about. Producers may store a link with the row; rows without one
// (written before links existed, or by a producer that sets none) get the page their kind is
// about, so every notification the workers write can be clicked through.

/**
 * The kinds the workers write (scrape.*, batch.*, upload.*, youtube.reauth, cookies.*,
 * member-cookies.*, tools.*), as hash routes of the web app (apps/web/src/config/paths.ts;
 * the admin page's tabs are ?tab= ids).
 */
const KIND_LINKS: Array<[prefix: string, link: string]> = [
  ['scrape.', '/'],
  ['batch.', '/history'],
  ['upload.', '/youtube'],
  // The member re-connects the account where they upload.
  ['youtube.', '/youtube'],
  // A publishing destination to reconnect, a post's outcome: the Publikasikan page.
  ['publish.', '/publish'],
  ['cookies.', '/admin?tab=cookies'],
  // A member's own synced cookies (browser extension): their Ekstensi page.
  ['member-cookies.', '/extension'],
  ['tools.', '/admin?tab=tools'],
];

/** Only in-app paths: a stored link is never sent as a way off the site. */
function isAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.includes('\\');
}

export function notificationLink(row: { kind: string; link: string | null }): string | null {
  if (row.link && isAppPath(row.link)) return row.link;
  return KIND_LINKS.find(([prefix]) => row.kind.startsWith(prefix))?.[1] ?? null;
}
