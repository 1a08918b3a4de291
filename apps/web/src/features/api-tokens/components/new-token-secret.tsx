import type { CreateApiTokenResponse } from '@scrapper/contracts/http/me-tokens';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { useId, useState } from 'react';
import { copyText } from '@/lib/copy-text.ts';

export interface NewTokenSecretProps {
  created: CreateApiTokenResponse;
  onDone: () => void;
}

/** The new token's secret, shown this once (the server keeps only its hash), with a copy button. */
export function NewTokenSecret({ created, onDone }: NewTokenSecretProps) {
  const inputId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const origin = window.location.origin;

  async function copy() {
    setCopied(await copyText(created.secret));
  }

  return (
    <section className="api-tokens__secret" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="api-tokens__secret-title">
        Token &ldquo;{created.token.name}&rdquo; dibuat
      </h3>
      <Alert tone="warning">
        Salin token ini sekarang. Token tidak akan ditampilkan lagi: Scrapper hanya menyimpan sidiknya
        (hash). Bila hilang, cabut lalu buat token baru.
      </Alert>
      <label className="api-tokens__secret-label" htmlFor={inputId}>
        Token API
      </label>
      <div className="api-tokens__secret-row">
        <input
          id={inputId}
          className="ui-input api-tokens__secret-value"
          readOnly
          value={created.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Salin
        </Button>
      </div>
      <p className="api-tokens__copied" role="status">
        {copied === true ? 'Token disalin ke clipboard.' : copied === false ? 'Gagal menyalin: pilih teks token lalu salin manual.' : ''}
      </p>
      <p className="muted">Contoh pemakaian (siap ditempel ke terminal selama token masih tampil di sini):</p>
      <pre className="api-tokens__example">
        <code>{`curl -H "Authorization: Bearer ${created.secret}" ${origin}/api/auth/me`}</code>
      </pre>
      <Button variant="ghost" size="sm" onClick={onDone}>
        Sudah saya simpan
      </Button>
    </section>
  );
}
