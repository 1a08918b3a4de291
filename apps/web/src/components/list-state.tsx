import type { ReactNode } from 'react';
import type { Resource } from '@/hooks/use-resource.ts';
import { LoadState } from './load-state.tsx';

export interface ListStateProps {
  /** The list's load (a useResource, or its parts): the spinner shows only while it is empty. */
  list: Pick<Resource<readonly unknown[]>, 'status' | 'data' | 'reload'>;
  loadingLabel?: string;
  /** The load's failure, shown with 'Coba lagi'. */
  failed: ReactNode;
  /** Shown (muted) once loaded with nothing in it. */
  empty?: ReactNode;
  /** The entries, shown while there are any (the last ones stay on screen during a reload). */
  children?: ReactNode;
}

/**
 * A panel's list and its states: the spinner while the first load runs, the load's failure with
 * 'Coba lagi', the sentence for an empty list, and the entries (children) while there are any.
 */
export function ListState({ list, loadingLabel, failed, empty, children }: ListStateProps) {
  const none = list.data.length === 0;
  return (
    <>
      <LoadState
        loading={list.status === 'loading' && none}
        loadingLabel={loadingLabel}
        error={list.status === 'error' ? failed : null}
        onRetry={list.reload}
      />
      {list.status === 'ready' && none && empty ? <p className="muted">{empty}</p> : null}
      {none ? null : children}
    </>
  );
}
