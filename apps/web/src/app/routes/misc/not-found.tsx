import { Link } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { paths } from '@/config/paths.ts';

/** Any unknown path, for anyone (no login needed to learn that a page does not exist). */
export function NotFoundRoute() {
  return (
    <PublicLayout>
      <PageHeader title="Halaman Tidak Ditemukan" />
      <p>Halaman yang Anda cari tidak ada atau sudah dipindahkan.</p>
      <p>
        <Link to={paths.scraper}>Kembali ke beranda</Link>
      </p>
    </PublicLayout>
  );
}
