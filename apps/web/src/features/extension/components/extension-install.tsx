import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert.tsx';
import { describeError } from '@/lib/api-error.ts';
import { saveBlob } from '@/lib/save-blob.ts';
import { fetchExtensionPackage } from '../api.ts';

function downloadFailure(error: unknown): string {
  return `Gagal mengunduh ekstensi: ${describeError(error)}`;
}

/**
 * The companion extension (issue 17): its zip, already connected to this Scrapper, and how to
 * install it. Chromium browsers load an unpacked folder (a zip cannot be dropped in); Firefox
 * is not supported yet.
 */
export function ExtensionInstall() {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The name the server gave the zip (it carries the extension's version), once downloaded. */
  const [zipName, setZipName] = useState<string | null>(null);

  async function download() {
    setLoading(true);
    setError(null);
    try {
      const file = await fetchExtensionPackage();
      const name = file.fileName ?? 'scrapper-extension.zip';
      saveBlob(file.blob, name);
      setZipName(name);
    } catch (caught) {
      setError(downloadFailure(caught));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card title="Ekstensi browser Scrapper">
      <p className="muted form-note">
        Ekstensi mengirim cookie TikTok, Douyin, YouTube, Instagram dan Facebook dari browser Anda
        ke Scrapper, jadi unduhan Anda memakai login Anda sendiri tanpa menempel cookie. Cookie
        disimpan terenkripsi dan tidak pernah ditampilkan kembali. Ekstensi hanya membaca cookie
        platform yang Anda nyalakan di popup-nya.
      </p>
      <Button variant="primary" loading={loading} onClick={() => void download()}>
        Unduh ekstensi (.zip)
      </Button>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      <h3 className="extension-steps__title">Cara memasang (Chrome, Edge, Brave)</h3>
      <ol className="extension-steps">
        <li>
          Ekstrak file{' '}
          {zipName ? (
            <code>{zipName}</code>
          ) : (
            <>
              zip yang diunduh (<code>scrapper-extension-&lt;versi&gt;.zip</code>)
            </>
          )}{' '}
          (klik kanan, &lsquo;Ekstrak semua&rsquo;). Hasilnya folder <code>scrapper-extension</code>; simpan di tempat yang
          tidak akan Anda hapus.
        </li>
        <li>
          Buka <code>chrome://extensions</code> di bilah alamat (Edge:{' '}
          <code>edge://extensions</code>, Brave: <code>brave://extensions</code>).
        </li>
        <li>Nyalakan &lsquo;Mode pengembang&rsquo; (Developer mode) di pojok kanan atas.</li>
        <li>
          Klik &lsquo;Muat yang belum dibuka&rsquo; (Load unpacked), lalu pilih folder{' '}
          <code>scrapper-extension</code> (folder yang berisi <code>manifest.json</code>). File zip
          tidak bisa dipasang langsung: pilih folder hasil ekstraknya.
        </li>
        <li>
          Muat ulang halaman Scrapper ini (atau masuk lagi): Scrapper memberi ekstensi token khusus
          yang hanya bisa mengirim cookie Anda, bukan sesi login Anda. Token itu tampil di
          &lsquo;Akses ekstensi&rsquo; dan bisa dicabut kapan saja.
        </li>
        <li>
          Buka popup ekstensi (ikon puzzle, lalu &lsquo;Scrapper: sinkron cookie&rsquo;), nyalakan
          platform yang ingin disinkronkan, lalu tekan &lsquo;Sinkronkan sekarang&rsquo;. Setelah
          itu ekstensi menyinkronkan sendiri setiap 6 jam dan setiap kali Anda masuk.
        </li>
      </ol>
      <p className="muted form-note">
        Firefox belum didukung. Ekstensi ini terhubung hanya ke alamat Scrapper ini; bila alamat
        Scrapper berubah, unduh dan pasang ulang.
      </p>
    </Card>
  );
}
