import { Icon } from '@scrapper/ui/icon';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useToolWarnings } from '../hooks/use-tool-warnings.ts';
import { TOOLS_TAB_ID } from '../utils/tools-tab.ts';
import './tools.css';

/** The accessible name: how many problems, and where the link goes. */
export function badgeLabel(count: number): string {
  return `Peringatan alat: ${count} masalah. Buka Alat & Layanan`;
}

/**
 * The header's pointer to the admin tab "Alat & Layanan" while any worker's tools need an admin
 * (yt-dlp old, missing, not updating, no JS runtime). Admins only; nothing otherwise.
 */
export function ToolWarningBadge() {
  const warnings = useToolWarnings();
  if (warnings.length === 0) return null;
  return (
    <Link
      to={{ pathname: paths.admin, search: `?tab=${TOOLS_TAB_ID}` }}
      className="ui-button ui-button--ghost ui-button--icon tool-warning-badge"
      aria-label={badgeLabel(warnings.length)}
      title={warnings[0]?.message}
      data-testid="tool-warning-badge"
    >
      <Icon name="alert-triangle" />
      <span className="tool-warning-badge__count" aria-hidden="true">
        {warnings.length > 9 ? '9+' : warnings.length}
      </span>
    </Link>
  );
}
