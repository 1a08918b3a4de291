import { useState } from 'react';
import { errorMessage } from '@/lib/api-error.ts';

export interface ConfirmActionOptions {
  /** The sentence shown when the action fails: a fallback for the API's own, or built from the error. */
  failure: string | ((error: unknown) => string);
  /**
   * Close the dialog when the action fails too (the error is shown beside the list), instead of
   * keeping it open with the error inside it.
   */
  closeOnFailure?: boolean;
}

export interface ConfirmAction<T> {
  /** What the open dialog asks about; null while it is closed. */
  target: T | null;
  busy: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  /** Opens the dialog about `target`, clearing the last error. */
  ask: (target: T) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

/**
 * Removing, revoking or disconnecting one thing behind a confirmation: which one is asked
 * about, the call while it runs, and its error. `act` does the call and what follows it
 * (drop it from the list, a toast); the dialog closes once it resolves.
 */
export function useConfirmAction<T>(
  act: (target: T) => Promise<void>,
  options: ConfirmActionOptions,
): ConfirmAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    setError(null);
    try {
      await act(target);
      setTarget(null);
    } catch (caught) {
      const { failure } = options;
      setError(typeof failure === 'string' ? errorMessage(caught, failure) : failure(caught));
      if (options.closeOnFailure) setTarget(null);
    } finally {
      setBusy(false);
    }
  }

  return {
    target,
    busy,
    error,
    setError,
    ask: (next) => {
      setError(null);
      setTarget(next);
    },
    cancel: () => setTarget(null),
    confirm,
  };
}
