import { useEffect } from 'react';
import { useSessionStore } from '@/stores/use-session-store.ts';

/**
 * Keeps the tab's live event stream open while a member is signed in (lib/events.ts). The
 * stream's module (its event schemas, zod) is loaded on the first token, not with the entry:
 * the login page does not need it (its JS budget, docs/benchmarks.md).
 */
export function useLiveEvents(): void {
  const token = useSessionStore((state) => (state.status === 'authenticated' ? state.token : null));
  useEffect(() => {
    let current = true;
    void import('@/lib/events.ts').then(({ liveEvents }) => {
      // A token that was replaced (or signed out) before the module arrived is not connected.
      if (current) liveEvents.setToken(token);
    });
    return () => {
      current = false;
    };
  }, [token]);
}
