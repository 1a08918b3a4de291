import type { SetupItemId, SetupStatus } from '@scrapper/contracts/http/setup';
import { Card } from '@scrapper/ui/card';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import { getSetupStatus } from '../api.ts';
import './setup-checklist.css';

interface ItemText {
  title: string;
  why: string;
  tab: string;
  tabLabel: string;
}

const ITEMS: Record<SetupItemId, ItemText> = {
  'apify-key': {
    title: 'Kunci API Apify',
    why: 'Scraping berjalan dengan kunci ini; tanpa kunci yang valid, tugas tidak bisa dimulai.',
    tab: 'api-keys',
    tabLabel: 'Buka tab API Key',
  },
  'youtube-client-secret': {
    title: 'Client secret YouTube',
    why: 'Dibutuhkan agar anggota bisa menghubungkan akun YouTube dan mengunggah video.',
    tab: 'client-secrets',
    tabLabel: 'Buka tab Client Secret',
  },
  'gemini-key': {
    title: 'Kunci API Gemini',
    why: 'Menulis judul, deskripsi dan tag dengan AI di halaman YouTube Upload.',
    tab: 'api-keys',
    tabLabel: 'Buka tab API Key',
  },
  cookies: {
    title: 'Cookie platform (opsional)',
    why: 'Membantu unduhan dari platform yang meminta login, seperti Instagram dan Facebook.',
    tab: 'cookies',
    tabLabel: 'Buka tab Cookie',
  },
};

/** How often the checklist asks again while it is open: it ticks itself as things get done. */
const REFRESH_MS = 15_000;

function Checklist({ status }: { status: SetupStatus }) {
  const left = status.items.filter((item) => !item.optional && !item.done).length;
  return (
    <Card title="Persiapan Admin" className="setup-checklist">
      <p className="muted form-note">
        {left > 0
          ? `${left} langkah lagi sebelum semua fitur siap dipakai anggota. Daftar ini hilang setelah semuanya selesai.`
          : 'Semua langkah wajib selesai.'}
      </p>
      <ul className="setup-checklist__list" aria-label="Langkah persiapan">
        {status.items.map((item) => {
          const text = ITEMS[item.id];
          return (
            <li
              key={item.id}
              className={
                item.done
                  ? 'setup-checklist__item setup-checklist__item--done'
                  : 'setup-checklist__item'
              }
              data-item={item.id}
            >
              <span className="setup-checklist__mark" aria-hidden="true">
                {item.done ? '✓' : '○'}
              </span>
              <span className="setup-checklist__body">
                <strong>{text.title}</strong>
                <span className="setup-checklist__state">
                  {item.done ? 'Selesai' : item.optional ? 'Belum diatur (opsional)' : 'Belum selesai'}
                </span>
                <span className="muted">{text.why}</span>
                <Link to={`${paths.admin}?tab=${text.tab}`}>{text.tabLabel}</Link>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function AdminSetupChecklist() {
  const { data, status, reload } = useResource<SetupStatus | null>(getSetupStatus, null, {
    refreshMs: REFRESH_MS,
  });
  useEffect(() => {
    const onFocus = () => reload();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [reload]);
  // Quiet on failure: the dashboard below works without it.
  if (!data || (status === 'error' && !data) || data.complete) return null;
  return <Checklist status={data} />;
}

/**
 * The admin's first-run checklist on the dashboard (issue 20): Apify key, YouTube client
 * secret, Gemini key, cookies (optional), each linking to its admin tab and ticked from the
 * server's state; shown until every required item is done. Members never see it.
 */
export function SetupChecklist() {
  const isAdmin = useSessionStore((state) => state.user?.role === 'admin');
  return isAdmin ? <AdminSetupChecklist /> : null;
}
