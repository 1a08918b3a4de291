import { paths } from '@/config/paths.ts';

/** What the login guard leaves in the location state: where the visitor was going. */
export interface RedirectState {
  from: { pathname: string; search: string; hash: string };
}

/**
 * The remembered location, if the state holds a well-formed one. Plain checks rather than a
 * zod schema: this runs on the login page, which should not have to load zod to show.
 */
function readFrom(state: unknown): RedirectState['from'] | null {
  if (typeof state !== 'object' || state === null) return null;
  const from: unknown = (state as { from?: unknown }).from;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search = '', hash = '' } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/')) return null;
  if (typeof search !== 'string' || typeof hash !== 'string') return null;
  return { pathname, search, hash };
}

export function redirectState(location: {
  pathname: string;
  search: string;
  hash: string;
}): RedirectState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/**
 * Where to go after logging in: the remembered page, else the root. History state can hold
 * anything (another tab, an old version), so it is parsed rather than trusted; a path that
 * leads back to /login or tries to leave the app ('//evil.example') falls back to the root.
 */
export function redirectTarget(state: unknown): string {
  const from = readFrom(state);
  if (!from) return paths.scraper;
  const { pathname, search, hash } = from;
  if (pathname.startsWith('//') || pathname === paths.login) return paths.scraper;
  return `${pathname}${search}${hash}`;
}
