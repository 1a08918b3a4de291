import type { ReactNode } from 'react';

export interface BadgeProps {
  children: ReactNode;
  /** danger: a state that went wrong ('Gagal', 'File hilang'). */
  tone?: 'neutral' | 'info' | 'danger';
}

/** A small label such as a role or a status. */
export function Badge({ children, tone = 'neutral' }: BadgeProps) {
  return (
    <span className={tone === 'neutral' ? 'ui-badge' : `ui-badge ui-badge--${tone}`}>
      {children}
    </span>
  );
}
