import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Outlet, useMatch } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { AppFooter } from './app-footer.tsx';
import { Sidebar } from './sidebar.tsx';

const SIDEBAR_ID = 'app-sidebar';

export interface AppLayoutProps {
  /** Controls at the right of the header (the app puts the notification toggle here). */
  headerActions?: ReactNode;
  /** The user menu's actions in the sidebar footer (the app puts 'Ganti Password' here). */
  userActions?: ReactNode;
}

/**
 * The logged-in frame: sidebar (off-canvas with an overlay on small screens), header, the
 * page, and the downloader footer.
 */
export function AppLayout({ headerActions, userActions }: AppLayoutProps) {
  const user = useSessionStore((state) => state.user);
  const logout = useSessionStore((state) => state.logout);
  const onDownloader = useMatch({ path: paths.downloader, end: false }) !== null;
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);

  function closeSidebar() {
    setSidebarOpen(false);
    toggleRef.current?.focus();
  }

  // Following a link from the open drawer closes it and puts focus on the new page rather
  // than on a link that is about to be hidden.
  function handleNavigate() {
    if (!sidebarOpen) return;
    setSidebarOpen(false);
    mainRef.current?.focus();
  }

  // With hash routing '#main' would be read as a route, so the skip link focuses directly.
  function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    mainRef.current?.focus();
  }

  // Focus moves into the drawer when it opens, so keyboard users land on it.
  useEffect(() => {
    if (sidebarOpen) closeRef.current?.focus();
  }, [sidebarOpen]);

  useEffect(() => {
    if (!sidebarOpen) return undefined;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setSidebarOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen]);

  if (!user) return null;

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Lewati ke konten utama
      </a>
      <Sidebar
        id={SIDEBAR_ID}
        open={sidebarOpen}
        user={user}
        onClose={closeSidebar}
        onNavigate={handleNavigate}
        onLogout={() => logout()}
        closeButtonRef={closeRef}
        userActions={userActions}
      />
      {sidebarOpen ? (
        <div
          className="app-overlay"
          aria-hidden="true"
          data-testid="sidebar-overlay"
          onClick={closeSidebar}
        />
      ) : null}
      <div className="app-body">
        <header className="app-header">
          <Button
            ref={toggleRef}
            variant="ghost"
            iconOnly
            className="app-header__menu"
            aria-label="Menu navigasi"
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => (sidebarOpen ? closeSidebar() : setSidebarOpen(true))}
          >
            <Icon name="menu" />
          </Button>
          <span className="app-header__brand" aria-hidden="true">
            Scrapper
          </span>
          <div className="app-header__actions">{headerActions}</div>
        </header>
        <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
          <Outlet />
        </main>
        {onDownloader ? <AppFooter /> : null}
      </div>
    </div>
  );
}
