import type { ReactNode } from 'react';
import { Toaster } from '@/components/toaster.tsx';
import { useSessionBootstrap } from '@/features/auth/hooks/use-session-bootstrap.ts';
import { useLiveEvents } from '@/hooks/use-live-events.ts';

/** App-wide behaviour around the router: settling the session, the live updates, and the toast corner. */
export function AppProvider({ children }: { children: ReactNode }) {
  useSessionBootstrap();
  useLiveEvents();
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
