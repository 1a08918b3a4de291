import { useEffect } from 'react';
import { liveEvents } from '@/lib/events.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';

/** Keeps the tab's live event stream open while a member is signed in (lib/events.ts). */
export function useLiveEvents(): void {
  const token = useSessionStore((state) => (state.status === 'authenticated' ? state.token : null));
  useEffect(() => liveEvents.setToken(token), [token]);
}
