import type { ToolWarning } from '@scrapper/contracts/http/tools';
import { useEffect, useMemo, useState } from 'react';
import { usePolling } from '@/hooks/use-polling.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { listToolWarnings } from '../api.ts';

/** As often as the notification bell asks: a warning comes from the same worker events. */
export const TOOL_WARNING_POLL_MS = 30_000;

/**
 * The admin's tool warnings, asked for at once and then `TOOL_WARNING_POLL_MS` after each
 * answer (never two requests at once), while an admin is signed in and the caller is mounted.
 * Members never ask (the route is admin only). A failed request keeps the last warnings: the
 * badge is a pointer to the tab, which says the rest.
 */
export function useToolWarnings(): ToolWarning[] {
  const token = useSessionStore((state) => state.token);
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  const [warnings, setWarnings] = useState<ToolWarning[]>([]);

  useEffect(() => setWarnings([]), [token, isAdmin]);
  // Aborted, or the server is unreachable: the poller tries again on the next round.
  const poll = useMemo(() => {
    if (!token || !isAdmin) return null;
    return async (signal: AbortSignal) => {
      const next = await listToolWarnings(signal);
      if (!signal.aborted) setWarnings(next);
    };
  }, [token, isAdmin]);
  usePolling(poll, TOOL_WARNING_POLL_MS, { events: ['tools'] });

  return warnings;
}
