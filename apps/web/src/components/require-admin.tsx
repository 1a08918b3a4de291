import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';

/**
 * Admin-only pages: other users go to the dashboard (spec). This is navigation, not
 * security; the API answers 403 to non-admins on every admin endpoint.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const role = useSessionStore((state) => state.user?.role);
  if (role !== 'admin') return <Navigate to={paths.scraper} replace />;
  return children;
}
