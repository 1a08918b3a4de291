import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ExternalLink, LINKS, LegalDocument, LegalSection } from './legal-document.tsx';

export const TERMS_UPDATED = '30 September 2025';

/** Spec part 2, section 2: the terms of service, in 12 sections. */
export function TermsOfService() {
  return (
    <LegalDocument
      title="Ketentuan Layanan"
      updated={TERMS_UPDATED}
      intro={
        <p>
          Ketentuan ini mengatur pemakaian Scrapper, alat untuk mengumpulkan data video dari
          platform media sosial, mengunduh video, dan mengunggahnya ke channel YouTube yang Anda
          hubungkan. Bacalah sebelum memakai layanan.
        </p>
      }
    >
      <LegalSection number={1} title="Penerimaan ketentuan">
        <p>
          Dengan masuk dan memakai Scrapper, Anda menyetujui Ketentuan Layanan ini dan{' '}
          <Link to={paths.privacyPolicy}>Kebijakan Privasi</Link>. Jika tidak setuju, jangan memakai
          layanan ini.
        </p>
      </LegalSection>

      <LegalSection number={2} title="Layanan">
        <p>
          Scrapper menjalankan tugas scraping melalui aktor Apify, menyimpan hasilnya sebagai file
          JSON, mengunduh video yang Anda pilih, menyimpan riwayat dan file unduhan, menampilkan
          statistik pemakaian, serta mengunggah atau menjadwalkan video ke YouTube. Instance ini
          dijalankan oleh pengelolanya sendiri; ketersediaan dan kapasitasnya ditentukan oleh
          pengelola.
        </p>
      </LegalSection>

      <LegalSection number={3} title="Akun dan keamanan">
        <p>
          Akun dibuat oleh admin. Anda bertanggung jawab menjaga kerahasiaan kata sandi dan atas
          semua aktivitas yang dilakukan dengan akun Anda. Beri tahu admin segera jika Anda menduga
          akun Anda dipakai orang lain.
        </p>
      </LegalSection>

      <LegalSection number={4} title="Penggunaan yang diizinkan">
        <p>
          Gunakan Scrapper hanya untuk tujuan yang sah, misalnya riset konten, pengarsipan konten
          milik Anda sendiri, atau konten yang izinnya sudah Anda peroleh dari pemiliknya.
        </p>
      </LegalSection>

      <LegalSection number={5} title="Larangan">
        <ul>
          <li>Melanggar hak cipta, merek, privasi atau hak lain milik orang lain.</li>
          <li>
            Melanggar ketentuan platform sumber atau platform tujuan, termasuk batasan pemakaian
            otomatis mereka.
          </li>
          <li>Mengunggah konten yang melanggar hukum, menipu, atau berisi spam.</li>
          <li>
            Mencoba membobol, membebani secara berlebihan, atau mengakses data pengguna lain tanpa
            hak.
          </li>
          <li>Membagikan akun, token, cookie atau kunci API kepada pihak yang tidak berhak.</li>
        </ul>
      </LegalSection>

      <LegalSection number={6} title="Konten pihak ketiga dan hak cipta">
        <p>
          Video dan data yang dikumpulkan tetap milik pembuat atau pemegang haknya. Scrapper tidak
          memberi Anda hak apa pun atas konten tersebut. Anda sendiri yang bertanggung jawab
          memastikan bahwa mengunduh, menyimpan dan mengunggah ulang sebuah konten diizinkan.
        </p>
      </LegalSection>

      <LegalSection number={7} title="Layanan pihak ketiga">
        <p>
          Scrapper bergantung pada layanan lain seperti Apify, Google Gemini, YouTube dan platform
          sumber. Pemakaian fitur yang memakai layanan tersebut juga tunduk pada ketentuan
          masing-masing layanan. Perubahan atau gangguan pada layanan tersebut dapat membuat fitur
          terkait tidak berjalan.
        </p>
      </LegalSection>

      <LegalSection number={8} title="Unggahan ke YouTube">
        <p>
          Fitur YouTube memakai YouTube API Services. Dengan menghubungkan akun YouTube, Anda
          terikat pada{' '}
          <ExternalLink href={LINKS.youtubeTerms}>Persyaratan Layanan YouTube</ExternalLink> dan{' '}
          <ExternalLink href={LINKS.googlePrivacy}>Kebijakan Privasi Google</ExternalLink>. Anda
          bertanggung jawab atas setiap video, judul, deskripsi, tag, thumbnail dan pengaturan
          &quot;dibuat untuk anak-anak&quot; yang Anda unggah. Akses dapat dicabut kapan saja
          melalui <ExternalLink href={LINKS.googlePermissions}>izin akun Google</ExternalLink>.
        </p>
      </LegalSection>

      <LegalSection number={9} title="Privasi dan data">
        <p>
          Cara Scrapper mengumpulkan, memakai dan menyimpan data dijelaskan dalam{' '}
          <Link to={paths.privacyPolicy}>Kebijakan Privasi</Link>. Penghapusan data dapat diminta
          melalui halaman <Link to={paths.dataDeletion}>Penghapusan Data Pengguna</Link>.
        </p>
      </LegalSection>

      <LegalSection number={10} title="Penangguhan dan penghentian">
        <p>
          Admin dapat menonaktifkan atau menghapus akun yang melanggar ketentuan ini. Anda dapat
          berhenti memakai layanan kapan saja dan meminta penghapusan data Anda. Setelah akun
          dihapus, data Anda dihapus sesuai jangka waktu dalam Kebijakan Privasi.
        </p>
      </LegalSection>

      <LegalSection number={11} title="Penafian dan batasan tanggung jawab">
        <p>
          Layanan diberikan &quot;sebagaimana adanya&quot;. Kami tidak menjamin bahwa setiap
          scraping, unduhan atau unggahan berhasil, tidak terputus, atau bebas kesalahan. Sejauh
          diizinkan hukum, pengelola tidak bertanggung jawab atas kerugian tidak langsung,
          kehilangan data, atau sanksi dari platform pihak ketiga akibat pemakaian layanan.
        </p>
      </LegalSection>

      <LegalSection number={12} title="Perubahan ketentuan, hukum yang berlaku, dan kontak">
        <p>
          Ketentuan ini dapat diubah sewaktu-waktu; tanggal di atas menunjukkan versi terakhir, dan
          pemakaian setelah perubahan berarti Anda menyetujuinya. Ketentuan ini tunduk pada hukum
          Republik Indonesia. Pertanyaan tentang ketentuan ini dapat disampaikan kepada admin atau
          pengelola instance Scrapper yang Anda pakai.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
