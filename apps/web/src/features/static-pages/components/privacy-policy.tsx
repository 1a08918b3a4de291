import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ExternalLink, LINKS, LegalDocument, LegalSection } from './legal-document.tsx';

/** Spec part 2, section 2: the privacy policy, last updated 30 September 2025. */
export const PRIVACY_POLICY_UPDATED = '30 September 2025';

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Kebijakan Privasi"
      updated={PRIVACY_POLICY_UPDATED}
      intro={
        <p>
          Kebijakan ini menjelaskan data apa yang disimpan oleh Scrapper, untuk apa data itu
          dipakai, di mana disimpan, berapa lama, dan bagaimana Anda dapat menghapusnya. Scrapper
          adalah aplikasi yang dipasang dan dijalankan sendiri (<em>self-hosted</em>) oleh
          pengelolanya: data Anda berada di server milik pengelola instance Scrapper yang Anda
          pakai, bukan di layanan pusat milik pihak lain.
        </p>
      }
    >
      <LegalSection number={1} title="Siapa yang mengelola data Anda">
        <p>
          Pengelola data adalah orang atau organisasi yang memasang instance Scrapper ini dan
          membuatkan akun untuk Anda (selanjutnya &quot;pengelola&quot;). Pengguna dengan peran
          admin di instance ini bertindak atas nama pengelola. Scrapper tidak mengirim data Anda ke
          pengembang aplikasi.
        </p>
      </LegalSection>

      <LegalSection number={2} title="Data yang kami kumpulkan">
        <ul>
          <li>
            <strong>Akun:</strong> username, peran (user atau admin), dan kata sandi. Kata sandi
            hanya disimpan sebagai hash argon2id dan tidak pernah tersimpan sebagai teks biasa.
          </li>
          <li>
            <strong>Target dan hasil scraping:</strong> URL atau kata kunci yang Anda masukkan, opsi
            yang Anda pilih, log proses, dan file hasil (JSON) berisi data publik video seperti
            judul, nama pembuat, durasi, jumlah tayangan dan suka, serta alamat thumbnail.
          </li>
          <li>
            <strong>File yang diunduh:</strong> file video atau audio yang Anda unduh melalui
            Downloader, beserta riwayat unduhan (judul, platform, pembuat, nama file dan waktu).
          </li>
          <li>
            <strong>Akun YouTube yang dihubungkan:</strong> token akses dan token refresh dari
            Google, nama dan ID channel, daftar playlist, serta video, thumbnail, audio dan metadata
            (judul, deskripsi, tag, jadwal tayang) yang Anda unggah atau jadwalkan.
          </li>
          <li>
            <strong>Cookie platform:</strong> cookie TikTok, Douyin, YouTube, Instagram atau
            Facebook yang ditambahkan admin agar unduhan dari platform tersebut dapat berjalan.
          </li>
          <li>
            <strong>Kunci API dan client secret:</strong> kunci Apify dan Gemini serta client secret
            Google yang ditambahkan admin.
          </li>
          <li>
            <strong>Notifikasi dan data teknis:</strong> notifikasi tentang tugas Anda, waktu setiap
            aktivitas, dan alamat IP yang dipakai untuk membatasi percobaan login dan permintaan
            yang berlebihan.
          </li>
          <li>
            <strong>Permintaan penghapusan data:</strong> alamat email yang Anda kirim melalui
            formulir penghapusan data.
          </li>
          <li>
            <strong>Penyimpanan di browser:</strong> token login (kunci <code>token</code> di
            localStorage), daftar item yang sudah Anda unduh, dan pilihan akun serta playlist
            terakhir. Scrapper tidak memakai cookie pelacak atau layanan analitik pihak ketiga.
          </li>
        </ul>
      </LegalSection>

      <LegalSection number={3} title="Cara kami menggunakan data">
        <ul>
          <li>Menjalankan tugas scraping yang Anda mulai dan menampilkan hasilnya.</li>
          <li>Mengunduh video yang Anda pilih dan menyimpannya di File Manager.</li>
          <li>
            Mengunggah atau menjadwalkan video ke channel YouTube Anda, hanya atas perintah Anda.
          </li>
          <li>
            Menyusun statistik di halaman Analytics dan mengirim notifikasi tentang tugas Anda.
          </li>
          <li>Menjaga keamanan layanan, misalnya membatasi percobaan login yang berulang.</li>
        </ul>
        <p>
          Data Anda tidak dijual, tidak dipakai untuk iklan, dan tidak dipakai untuk membuat profil
          Anda.
        </p>
      </LegalSection>

      <LegalSection number={4} title="Layanan pihak ketiga">
        <p>Beberapa fitur hanya berjalan dengan mengirim sebagian data ke layanan lain:</p>
        <ul>
          <li>
            <strong>Apify</strong> menerima target scraping dan opsi tugas untuk menjalankan aktor
            scraping.
          </li>
          <li>
            <strong>Google (YouTube Data API)</strong> menerima video dan metadata yang Anda unggah
            serta permintaan daftar channel dan playlist.
          </li>
          <li>
            <strong>Google Gemini</strong> menerima judul video ketika Anda meminta pembuatan judul,
            deskripsi dan tag otomatis.
          </li>
          <li>
            <strong>Platform sumber</strong> (TikTok, Douyin, YouTube, Instagram, Facebook) menerima
            permintaan unduhan, termasuk cookie yang ditambahkan admin untuk platform tersebut.
          </li>
        </ul>
        <p>Setiap layanan tersebut tunduk pada kebijakan privasinya sendiri.</p>
      </LegalSection>

      <LegalSection number={5} title="Data pengguna Google dan YouTube">
        <p>
          Fitur YouTube Upload memakai YouTube API Services. Dengan menghubungkan akun YouTube, Anda
          menyetujui{' '}
          <ExternalLink href={LINKS.youtubeTerms}>Persyaratan Layanan YouTube</ExternalLink> dan
          tunduk pada{' '}
          <ExternalLink href={LINKS.googlePrivacy}>Kebijakan Privasi Google</ExternalLink>.
        </p>
        <p>
          Izin yang diminta hanya yang diperlukan untuk mengunggah video, mengatur jadwal tayang,
          membaca informasi channel dan mengelola playlist Anda. Penggunaan dan pemindahan informasi
          yang diterima Scrapper dari Google API mematuhi{' '}
          <ExternalLink href={LINKS.googleUserDataPolicy}>
            Kebijakan Data Pengguna Layanan Google API
          </ExternalLink>
          , termasuk persyaratan Penggunaan Terbatas (<em>Limited Use</em>). Data dari Google hanya
          dipakai untuk fitur yang Anda gunakan, tidak dipindahkan ke pihak lain kecuali untuk
          menjalankan fitur itu atau karena kewajiban hukum, tidak dipakai untuk iklan, dan tidak
          dibaca oleh manusia kecuali dengan persetujuan Anda, untuk keamanan, atau karena kewajiban
          hukum.
        </p>
        <p>
          <strong>Mencabut akses:</strong> Anda dapat mencabut akses Scrapper kapan saja melalui
          halaman <ExternalLink href={LINKS.googlePermissions}>izin akun Google</ExternalLink>{' '}
          (pilih Scrapper atau nama aplikasi yang dipakai pengelola, lalu hapus aksesnya), atau
          dengan menghapus akun YouTube tersebut di halaman YouTube Upload. Setelah akses dicabut,
          token yang tersimpan tidak dapat dipakai lagi dan akan dihapus.
        </p>
      </LegalSection>

      <LegalSection number={6} title="Penyimpanan dan keamanan">
        <p>
          Semua data disimpan di server yang dikelola oleh pengelola instance ini: basis data, file
          hasil scraping, dan file unduhan di penyimpanan yang dipilih pengelola. Rahasia seperti
          token Google, client secret, cookie platform dan kunci API disimpan dalam bentuk
          terenkripsi. Kata sandi disimpan sebagai hash. Akses ke data dibatasi menurut peran:
          pengguna biasa hanya melihat datanya sendiri.
        </p>
      </LegalSection>

      <LegalSection number={7} title="Siapa yang dapat melihat data Anda">
        <p>
          Admin instance ini dapat melihat riwayat unduhan semua pengguna beserta username-nya,
          mengelola akun pengguna, serta melihat jumlah pengguna dan unduhan di halaman Analytics.
          Di luar admin dan layanan pihak ketiga pada bagian 4, data Anda tidak dibagikan kecuali
          diwajibkan oleh hukum.
        </p>
      </LegalSection>

      <LegalSection number={8} title="Masa penyimpanan dan penghapusan">
        <ul>
          <li>Data akun disimpan selama akun Anda ada.</li>
          <li>
            File hasil, file unduhan dan riwayat unduhan disimpan sampai Anda atau admin
            menghapusnya melalui Riwayat atau File Manager.
          </li>
          <li>Token YouTube disimpan sampai akun YouTube diputuskan atau aksesnya dicabut.</li>
          <li>
            Anda dapat meminta penghapusan seluruh data Anda melalui halaman{' '}
            <Link to={paths.dataDeletion}>Penghapusan Data Pengguna</Link>. Konfirmasi dikirim dalam
            24-48 jam, verifikasi diselesaikan dalam 7 hari, dan penghapusan selesai paling lama 30
            hari.
          </li>
        </ul>
      </LegalSection>

      <LegalSection number={9} title="Hak Anda">
        <p>
          Sesuai Undang-Undang Nomor 27 Tahun 2022 tentang Pelindungan Data Pribadi, Anda berhak
          mengetahui data apa yang disimpan tentang Anda, meminta perbaikan data yang keliru,
          menarik persetujuan (misalnya mencabut akses Google), dan meminta penghapusan data.
        </p>
      </LegalSection>

      <LegalSection number={10} title="Perubahan kebijakan">
        <p>
          Kebijakan ini dapat diperbarui ketika fitur Scrapper berubah. Tanggal di bagian atas
          halaman menunjukkan pembaruan terakhir.
        </p>
      </LegalSection>

      <LegalSection number={11} title="Kontak">
        <p>
          Untuk pertanyaan tentang data Anda, hubungi admin atau pengelola instance Scrapper yang
          Anda pakai. Permintaan penghapusan data dapat langsung diajukan melalui{' '}
          <Link to={paths.dataDeletion}>formulir penghapusan data</Link>.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
