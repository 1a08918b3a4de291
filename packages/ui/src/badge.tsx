import type { ReactNode } from 'react';

/**
 * success: it worked and the spec wants it green ('Terupload'); danger: a state that went
 * wrong ('Gagal', 'File hilang'); warning: done, but look ('Selesai dengan peringatan').
 */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  children: ReactNode;
  tone?: BadgeTone;
}

/** A small label such as a role or a status. */
export function Badge({ children, tone = 'neutral' }: BadgeProps) {
  return (
    <span className={tone === 'neutral' ? 'ui-badge' : `ui-badge ui-badge--${tone}`}>
      {children}
    </span>
  );
}
