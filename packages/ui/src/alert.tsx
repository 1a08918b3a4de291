import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { classNames } from './class-names.ts';
import { Icon } from './icon.tsx';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  dismissLabel?: string;
  /** Extra controls such as 'Coba lagi'. */
  action?: ReactNode;
  className?: string;
}

/**
 * An inline message. Problems (danger, warning) are role=alert so they interrupt the screen
 * reader; info and success are role=status and wait their turn.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  onDismiss,
  dismissLabel = 'Tutup pesan',
  action,
  className,
}: AlertProps) {
  const role = tone === 'danger' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={classNames('ui-alert', `ui-alert--${tone}`, className)}>
      <div className="ui-alert__body">
        {title ? <strong className="ui-alert__title">{title}</strong> : null}
        {children}
      </div>
      {action}
      {onDismiss ? (
        <Button variant="ghost" size="sm" iconOnly aria-label={dismissLabel} onClick={onDismiss}>
          <Icon name="close" size={16} />
        </Button>
      ) : null}
    </div>
  );
}
