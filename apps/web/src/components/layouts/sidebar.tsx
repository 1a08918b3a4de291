import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { ReactNode, Ref } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { navItems } from './nav-links.ts';

export interface SidebarProps {
  id: string;
  open: boolean;
  user: SessionUser;
  onClose: () => void;
  /** A link was followed (the layout closes the drawer on small screens). */
  onNavigate: () => void;
  onLogout: () => void;
  closeButtonRef: Ref<HTMLButtonElement>;
  /** The user menu's own actions above 'Keluar' (the app puts 'Ganti Password' here). */
  userActions?: ReactNode;
}

export function Sidebar({
  id,
  open,
  user,
  onClose,
  onNavigate,
  onLogout,
  closeButtonRef,
  userActions,
}: SidebarProps) {
  const items = navItems.filter((item) => !item.adminOnly || user.role === 'admin');
  return (
    <aside id={id} className={open ? 'sidebar sidebar--open' : 'sidebar'} aria-label="Sidebar">
      <div className="sidebar__top">
        <p className="sidebar__title">Scrapper</p>
        <Button
          ref={closeButtonRef}
          variant="ghost"
          iconOnly
          className="sidebar__close"
          aria-label="Tutup menu navigasi"
          onClick={onClose}
        >
          <Icon name="close" />
        </Button>
      </div>
      <nav aria-label="Navigasi utama" className="sidebar__nav">
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === paths.scraper}
                onClick={onNavigate}
                className={({ isActive }) => (isActive ? 'nav-link nav-link--active' : 'nav-link')}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar__footer">
        <div className="sidebar__user">
          <span className="sidebar__username">{user.username}</span>
          <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>{user.role}</Badge>
        </div>
        {userActions}
        <Button variant="secondary" block onClick={onLogout}>
          <Icon name="logout" size={18} />
          Keluar
        </Button>
      </div>
    </aside>
  );
}
