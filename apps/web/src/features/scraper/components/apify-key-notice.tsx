import type { ScrapeReadiness } from '@scrapper/contracts/http/scrape';
import { Alert } from '@scrapper/ui/alert';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

export interface ApifyKeyNoticeProps {
  apifyKey: ScrapeReadiness['apifyKey'];
  isAdmin: boolean;
}

/**
 * Said before anyone types a target: scraping waits for the admin's Apify key. Members learn
 * whom to ask; admins get the way to the API Key tab. Nothing is shown while a key is usable
 * (`ready`, or `unchecked`: runs will try it).
 */
export function ApifyKeyNotice({ apifyKey, isAdmin }: ApifyKeyNoticeProps) {
  if (apifyKey === 'ready' || apifyKey === 'unchecked') return null;
  const what =
    apifyKey === 'missing'
      ? 'Scraping belum bisa berjalan: belum ada API key Apify yang aktif.'
      : 'Scraping belum bisa berjalan: API key Apify yang aktif ditolak saat terakhir dicek.';
  return (
    <Alert tone="warning" title="Menunggu API key Apify" className="scrape-readiness">
      {what}{' '}
      {isAdmin ? (
        <>
          Tambahkan atau aktifkan key di{' '}
          <Link to={{ pathname: paths.admin, search: '?tab=api-keys' }}>Admin &gt; API Key</Link>.
        </>
      ) : (
        'Minta admin menambahkan atau memperbaiki key di Admin > API Key. Anda tetap bisa menyiapkan target; tugas yang dimulai sekarang akan gagal.'
      )}
    </Alert>
  );
}
