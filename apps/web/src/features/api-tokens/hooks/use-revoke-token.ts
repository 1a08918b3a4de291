import type { ApiToken } from '@scrapper/contracts/http/me-tokens';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-error.ts';

/**
 * Revoking one token behind a confirmation: which token is asked about, the call, and the
 * error. `onRevoked` runs after the API took it (drop it from the list).
 */
export function useRevokeToken<T extends ApiToken>(revoke: (id: string) => Promise<void>, onRevoked: (token: T) => void) {
  const [revoking, setRevoking] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!revoking) return;
    setBusy(true);
    setError(null);
    try {
      await revoke(revoking.id);
      onRevoked(revoking);
    } catch (caught) {
      setError(errorMessage(caught, 'Gagal mencabut token API.'));
    } finally {
      setRevoking(null);
      setBusy(false);
    }
  }

  return { revoking, ask: setRevoking, cancel: () => setRevoking(null), confirm, busy, error, setError };
}
