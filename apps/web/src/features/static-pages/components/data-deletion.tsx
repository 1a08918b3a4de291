import { Card } from '@scrapper/ui/card';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { getDeletionInfo } from '../api.ts';
import { DataDeletionForm } from './data-deletion-form.tsx';
import { ExternalLink, LINKS, LegalDocument } from './legal-document.tsx';

/** Spec part 2, section 2: the user data deletion request page (public). */
export function DataDeletion() {
  // Whether this server sends mail (SMTP_URL): the page promises an email only when it does.
  const info = useResource(getDeletionInfo, null).data;
  return (
    <LegalDocument
      title="Penghapusan Data Pengguna"
      intro={
        <p>
          Anda dapat meminta agar semua data yang terkait dengan Anda di Scrapper dihapus.
          Permintaan ini tidak memerlukan login.
        </p>
      }
    >
      <section className="legal__section" aria-labelledby="deletion-what">
        <h2 id="deletion-what" className="legal__heading">
          Data yang dihapus
        </h2>
        <ul>
          <li>Akun Anda: username, peran dan kata sandi (hash).</li>
          <li>Tugas scraping, log, dan file hasil scraping milik Anda.</li>
          <li>Riwayat unduhan dan file video atau audio yang Anda unduh.</li>
          <li>
            Akun YouTube yang Anda hubungkan: token Google, data channel dan playlist, serta jadwal
            unggahan yang belum berjalan.
          </li>
          <li>Notifikasi Anda.</li>
        </ul>
        <p>
          Video yang sudah tayang di YouTube tidak ikut terhapus karena berada di channel Anda;
          hapus melalui YouTube Studio bila perlu. Untuk segera memutus akses Scrapper ke akun
          Google Anda, buka{' '}
          <ExternalLink href={LINKS.googlePermissions}>halaman izin akun Google</ExternalLink> dan
          hapus akses aplikasi ini.
        </p>
      </section>

      <section className="legal__section" aria-labelledby="deletion-when">
        <h2 id="deletion-when" className="legal__heading">
          Jangka waktu
        </h2>
        <ol className="deletion-steps">
          <li>
            <strong>24-48 jam:</strong>{' '}
            {info === null
              ? 'permintaan Anda dikonfirmasi.'
              : info.mailEnabled
                ? 'konfirmasi penerimaan permintaan dikirim ke email Anda.'
                : 'admin menghubungi Anda di alamat email yang Anda berikan.'}
          </li>
          <li>
            <strong>7 hari:</strong> verifikasi bahwa permintaan memang berasal dari pemilik data.
          </li>
          <li>
            <strong>Paling lama 30 hari:</strong> seluruh data selesai dihapus, termasuk dari
            cadangan.
          </li>
        </ol>
      </section>

      <Card title="Ajukan permintaan" className="deletion-card">
        {info ? <p className="deletion-notice">{info.notice}</p> : null}
        <DataDeletionForm mailEnabled={info?.mailEnabled ?? null} />
      </Card>

      <p className="muted legal__note">
        Penjelasan lengkap tentang data yang kami simpan ada di{' '}
        <Link to={paths.privacyPolicy}>Kebijakan Privasi</Link>.
      </p>
    </LegalDocument>
  );
}
