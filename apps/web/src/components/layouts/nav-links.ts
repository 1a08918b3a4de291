import { paths } from '@/config/paths.ts';

export interface NavItem {
  to: string;
  label: string;
  /** Spec: the Admin link is shown to admins only. */
  adminOnly?: boolean;
}

/** The sidebar, in the spec's order. */
export const navItems: NavItem[] = [
  { to: paths.scraper, label: 'Scraper' },
  { to: paths.analytics, label: 'Analytics' },
  { to: paths.youtube, label: 'YouTube Upload' },
  { to: paths.publish, label: 'Publikasikan' },
  { to: paths.automations, label: 'Otomasi' },
  { to: paths.downloader, label: 'Downloader' },
  { to: paths.history, label: 'Riwayat' },
  { to: paths.files, label: 'File Manager' },
  { to: paths.extension, label: 'Ekstensi' },
  { to: paths.webhooks, label: 'Webhook' },
  { to: paths.apiTokens, label: 'Token API' },
  { to: paths.admin, label: 'Admin', adminOnly: true },
];
