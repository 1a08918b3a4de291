import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Spinner } from '@scrapper/ui/spinner';
import type { ReactNode } from 'react';

export interface LoadStateProps {
  /** Show the spinner (usually: loading with nothing on screen yet). */
  loading: boolean;
  /** The spinner's words, shown beside it. */
  loadingLabel?: string;
  /** false: the words are for screen readers only (a small spinner beside other content). */
  showLabel?: boolean;
  /** The failure to show with 'Coba lagi', or null when the last load did not fail. */
  error: ReactNode;
  onRetry: () => void;
}

/**
 * The loading and failure block of a panel that fetches: a labelled spinner while it loads,
 * a danger alert (role=alert) with 'Coba lagi' when it failed.
 */
export function LoadState({
  loading,
  loadingLabel = 'Memuat...',
  showLabel = true,
  error,
  onRetry,
}: LoadStateProps) {
  const retry = (
    <Button size="sm" variant="ghost" onClick={onRetry}>
      Coba lagi
    </Button>
  );
  return (
    <>
      {loading ? <Spinner label={loadingLabel} showLabel={showLabel} /> : null}
      {error ? (
        <Alert tone="danger" action={retry}>
          {error}
        </Alert>
      ) : null}
    </>
  );
}
