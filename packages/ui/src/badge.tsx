import type { ReactNode } from 'react';

export interface BadgeProps {
  children: ReactNode;
  tone?: 'neutral' | 'info';
}

/** A small label such as a role or a status. */
export function Badge({ children, tone = 'neutral' }: BadgeProps) {
  return (
    <span className={tone === 'info' ? 'ui-badge ui-badge--info' : 'ui-badge'}>{children}</span>
  );
}
