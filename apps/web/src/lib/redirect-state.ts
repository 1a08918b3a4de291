import { z } from 'zod';
import { paths } from '@/config/paths.ts';

/** What the login guard leaves in the location state: where the visitor was going. */
export interface RedirectState {
  from: { pathname: string; search: string; hash: string };
}

const RedirectStateSchema = z.object({
  from: z.object({
    pathname: z.string().startsWith('/'),
    search: z.string().default(''),
    hash: z.string().default(''),
  }),
});

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
  const parsed = RedirectStateSchema.safeParse(state);
  if (!parsed.success) return paths.scraper;
  const { pathname, search, hash } = parsed.data.from;
  if (pathname.startsWith('//') || pathname === paths.login) return paths.scraper;
  return `${pathname}${search}${hash}`;
}
