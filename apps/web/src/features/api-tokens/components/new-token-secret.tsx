import type { CreateApiTokenResponse } from '@scrapper/contracts/http/me-tokens';
import { OneTimeSecret } from '@/components/one-time-secret.tsx';

export interface NewTokenSecretProps {
  created: CreateApiTokenResponse;
  onDone: () => void;
}

/** The new token's secret, shown this once (the server keeps only its hash), with a copy button. */
export function NewTokenSecret({ created, onDone }: NewTokenSecretProps) {
  return (
    <OneTimeSecret
      title={<>Token &ldquo;{created.token.name}&rdquo; dibuat</>}
      warning="Salin token ini sekarang. Token tidak akan ditampilkan lagi: Scrapper hanya menyimpan sidiknya (hash). Bila hilang, cabut lalu buat token baru."
      label="Token API"
      secret={created.secret}
      copiedText="Token disalin ke clipboard."
      failedText="Gagal menyalin: pilih teks token lalu salin manual."
      onDone={onDone}
    >
      <p className="muted">
        Contoh pemakaian (siap ditempel ke terminal selama token masih tampil di sini):
      </p>
      <pre className="api-tokens__example">
        <code>{`curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}/api/auth/me`}</code>
      </pre>
    </OneTimeSecret>
  );
}
