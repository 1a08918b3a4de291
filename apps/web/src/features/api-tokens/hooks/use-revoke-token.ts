import { useConfirmAction } from '@/hooks/use-confirm-action.ts';

/**
 * Revoking one token behind a confirmation (the shared confirm-then-act hook): the dialog closes
 * either way, the error shows above the list. `onRevoked` runs after the API took it (drop it
 * from the list).
 */
export function useRevokeToken<T extends { id: string }>(
  revoke: (id: string) => Promise<void>,
  onRevoked: (token: T) => void,
) {
  return useConfirmAction<T>(
    async (token) => {
      await revoke(token.id);
      onRevoked(token);
    },
    { failure: 'Gagal mencabut token API.', closeOnFailure: true },
  );
}
