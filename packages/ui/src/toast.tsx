import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { classNames } from './class-names.ts';
import { Icon } from './icon.tsx';

export type ToastTone = 'info' | 'success' | 'warning' | 'danger';

export interface ToastProps {
  tone?: ToastTone;
  children: ReactNode;
  onDismiss: () => void;
  /** Milliseconds before it goes away by itself; 0 keeps it until dismissed. */
  duration?: number;
  dismissLabel?: string;
}

/**
 * A short-lived message inside a ToastRegion. Errors use role=alert so they are announced
 * at once; the rest rely on the region's polite live setting.
 */
export function Toast({
  tone = 'info',
  children,
  onDismiss,
  duration = 5000,
  dismissLabel = 'Tutup notifikasi',
}: ToastProps) {
  // Keep the latest callback without restarting the timer on every parent render.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  useEffect(() => {
    if (duration <= 0) return undefined;
    const timer = setTimeout(() => dismissRef.current(), duration);
    return () => clearTimeout(timer);
  }, [duration]);
  return (
    <div
      role={tone === 'danger' ? 'alert' : undefined}
      className={classNames('ui-toast', `ui-alert--${tone}`)}
    >
      <div className="ui-toast__message">{children}</div>
      <Button variant="ghost" size="sm" iconOnly aria-label={dismissLabel} onClick={onDismiss}>
        <Icon name="close" size={16} />
      </Button>
    </div>
  );
}
