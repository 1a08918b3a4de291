import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { useSessionStore } from '@/stores/use-session-store.ts';
import './static-pages.css';

const DOCUMENTS = [
  { to: paths.privacyPolicy, label: 'Kebijakan Privasi' },
  { to: paths.termsOfService, label: 'Ketentuan Layanan' },
  { to: paths.dataDeletion, label: 'Penghapusan Data Pengguna' },
] as const;

export interface LegalDocumentProps {
  title: string;
  /** e.g. '30 September 2025', shown as 'Terakhir diperbarui: ...' */
  updated?: string;
  intro?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the public documents: title, date, the text, then the other documents and the
 * way back (to the login, or to the app for someone who is logged in).
 */
export function LegalDocument({ title, updated, intro, children }: LegalDocumentProps) {
  const loggedIn = useSessionStore((state) => state.status === 'authenticated');
  const others = DOCUMENTS.filter((doc) => doc.label !== title);
  return (
    <article className="legal">
      <PageHeader
        title={title}
        description={updated ? `Terakhir diperbarui: ${updated}` : undefined}
      />
      {intro ? <div className="legal__intro">{intro}</div> : null}
      {children}
      <footer className="legal__footer">
        <nav aria-label="Dokumen lain">
          <ul className="legal__links">
            {others.map((doc) => (
              <li key={doc.to}>
                <Link to={doc.to}>{doc.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {loggedIn ? (
          <Link to={paths.scraper} className="legal__back">
            ← Kembali ke aplikasi
          </Link>
        ) : (
          <Link to={paths.login} className="legal__back">
            ← Kembali ke halaman login
          </Link>
        )}
      </footer>
    </article>
  );
}

/** A numbered section of a document: 'n. Title' as an h2, then its text. */
export function LegalSection({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="legal__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="legal__heading">
        {number}. {title}
      </h2>
      {children}
    </section>
  );
}

/** A link that leaves Scrapper (Google's and YouTube's pages). */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="ui-visually-hidden"> (membuka tab baru)</span>
    </a>
  );
}

export const LINKS = {
  googleUserDataPolicy: 'https://developers.google.com/terms/api-services-user-data-policy',
  youtubeTerms: 'https://www.youtube.com/t/terms',
  youtubeApiTerms: 'https://developers.google.com/youtube/terms/api-services-terms-of-service',
  googlePrivacy: 'https://policies.google.com/privacy',
  googlePermissions: 'https://myaccount.google.com/permissions',
} as const;
