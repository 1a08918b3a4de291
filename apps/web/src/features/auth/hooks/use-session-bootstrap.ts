import { useEffect } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '@/stores/use-session-store.ts';

/**
 * Settles a restored session: the token decoded fine, now the server says whether it still
 * holds and returns the user as they are now (a role may have changed since login). A 401
 * logs out through the API client; when the server cannot be reached the decoded token is
 * trusted, and the next call that fails with 401 ends the session.
 * Also follows logins and logouts made in other tabs.
 */
export function useSessionBootstrap() {
  const status = useSessionStore((state) => state.status);

  useEffect(() => {
    if (status !== 'checking') return undefined;
    const controller = new AbortController();
    // Loaded here, not imported: the API client and its schemas stay out of the entry chunk
    // (the login page does not need them until the form is sent).
    import('../api/get-me.ts')
      .then(({ getMe }) => getMe(controller.signal))
      .then(({ user }) => useSessionStore.getState().confirm(user))
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        const session = useSessionStore.getState();
        if (session.status === 'checking' && session.user) session.confirm(session.user);
      });
    return () => controller.abort();
  }, [status]);

  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
      const session = useSessionStore.getState();
      if (event.newValue === session.token) return;
      // The other tab already told the extension; restore() re-reads (or clears) our copy.
      session.restore();
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
