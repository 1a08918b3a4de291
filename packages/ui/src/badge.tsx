import type { ReactNode } from 'react';

export interface BadgeProps {
  children: ReactNode;
  /** danger: a state that went wrong ('Gagal', 'File hilang'); warning: done, but look ('Selesai dengan peringatan'). */
  tone?: 'neutral' | 'info' | 'warning' | 'danger';
}

/** A small label such as a role or a status. */
export function Badge({ children, tone = 'neutral' }: BadgeProps) {
  return (
    <span className={tone === 'neutral' ? 'ui-badge' : `ui-badge ui-badge--${tone}`}>
      {children}
    </span>
  );
}
