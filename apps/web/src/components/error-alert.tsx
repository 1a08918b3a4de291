import { Alert } from '@scrapper/ui/alert';
import type { ReactNode } from 'react';

export interface ErrorAlertProps {
  /** The failure to show; nothing is rendered while it is empty. */
  error: ReactNode;
  /** Clears the failure (the alert's close button). */
  onDismiss: () => void;
}

/** An action's failure above the content it failed on: a danger alert the member can close. */
export function ErrorAlert({ error, onDismiss }: ErrorAlertProps) {
  if (!error) return null;
  return (
    <Alert tone="danger" onDismiss={onDismiss}>
      {error}
    </Alert>
  );
}
