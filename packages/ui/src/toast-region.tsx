import type { ReactNode } from 'react';

export interface ToastRegionProps {
  children: ReactNode;
  label?: string;
}

/**
 * The fixed corner that holds Toasts. It must be mounted before any toast appears: a live
 * region only announces changes that happen after it exists.
 */
export function ToastRegion({ children, label = 'Pemberitahuan' }: ToastRegionProps) {
  return (
    <div className="ui-toast-region" role="region" aria-label={label} aria-live="polite">
      {children}
    </div>
  );
}
