import { useSessionStore } from '@/stores/use-session-store.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { ApiError } from './api-error.ts';

/**
 * For the calls whose 401 the client does not end the session on by itself: when `error` is
 * a 401 for the session the request was made with (`token`), says `message` in a warning
 * toast (it outlives the page, which closes with the session) and logs out. True when it did.
 */
export function expireSessionOn(error: unknown, token: string | null, message: string): boolean {
  const session = useSessionStore.getState();
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  if (token === null || session.token !== token) return false;
  useToastStore.getState().show('warning', message);
  session.logout('unauthorized');
  return true;
}
