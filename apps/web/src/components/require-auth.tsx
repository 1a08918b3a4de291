import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { redirectState } from '@/lib/redirect-state.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { LoadingScreen } from './loading-screen.tsx';

/**
 * Lets logged-in users through; sends everyone else to /login, remembering where they were
 * going. 'Memuat...' while a restored session is being confirmed.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const location = useLocation();
  if (status === 'checking') return <LoadingScreen />;
  if (status === 'anonymous') {
    return <Navigate to={paths.login} replace state={redirectState(location)} />;
  }
  return children;
}
