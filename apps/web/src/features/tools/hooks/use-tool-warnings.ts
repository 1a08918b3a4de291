import type { ToolWarning } from '@scrapper/contracts/http/tools';
import { useEffect, useState } from 'react';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { listToolWarnings } from '../api/list-tool-warnings.ts';

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

  useEffect(() => {
    setWarnings([]);
    if (!token || !isAdmin) return undefined;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const next = await listToolWarnings(controller.signal);
        if (!controller.signal.aborted) setWarnings(next);
      } catch {
        // Aborted, or the server is unreachable: try again on the next round.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), TOOL_WARNING_POLL_MS);
    }
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [token, isAdmin]);

  return warnings;
}
