import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

export interface PublicLayoutProps {
  children: ReactNode;
  /** Narrow column for forms (login), wide for documents. */
  width?: 'narrow' | 'wide';
}

/** The frame of pages anyone may open: login, the static pages and the 404 page. */
export function PublicLayout({ children, width = 'wide' }: PublicLayoutProps) {
  return (
    <div className="public-shell">
      <header className="public-header">
        <Link to={paths.scraper} className="public-header__brand">
          Scrapper
        </Link>
      </header>
      <main className={width === 'narrow' ? 'public-main public-main--narrow' : 'public-main'}>
        {children}
      </main>
    </div>
  );
}
