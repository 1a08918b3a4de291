import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Spec: a footer on the downloader paths only. */
export function AppFooter() {
  return (
    <footer className="app-footer">
      <span>© {new Date().getFullYear()} Scrapper</span>
      <nav aria-label="Tautan kebijakan" className="app-footer__links">
        <Link to={paths.privacyPolicy}>Kebijakan Privasi</Link>
        <Link to={paths.termsOfService}>Ketentuan Layanan</Link>
        <Link to={paths.dataDeletion}>Penghapusan Data</Link>
      </nav>
    </footer>
  );
}
