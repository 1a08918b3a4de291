import type { ReactNode } from 'react';
import { Toaster } from '@/components/toaster.tsx';
import { useSessionBootstrap } from '@/features/auth/hooks/use-session-bootstrap.ts';

/** App-wide behaviour around the router: settling the session, and the toast corner. */
export function AppProvider({ children }: { children: ReactNode }) {
  useSessionBootstrap();
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
