import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { useId, useState } from 'react';

export interface WebhookSecretProps {
  url: string;
  secret: string;
  onDone: () => void;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The new webhook's signing secret, shown this once (sealed on the server), with a copy button. */
export function WebhookSecret({ url, secret, onDone }: WebhookSecretProps) {
  const inputId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <section className="webhooks__secret" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="webhooks__secret-title">
        Webhook ke {url} dibuat
      </h3>
      <Alert tone="warning">
        Salin secret ini sekarang dan simpan di penerima: secret tidak akan ditampilkan lagi. Penerima memakainya
        untuk memeriksa header webhook-signature setiap kiriman.
      </Alert>
      <label className="webhooks__secret-label" htmlFor={inputId}>
        Signing secret
      </label>
      <div className="webhooks__secret-row">
        <input
          id={inputId}
          className="ui-input webhooks__secret-value"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyToClipboard(secret).then(setCopied)}>
          Salin
        </Button>
      </div>
      <p className="webhooks__copied" role="status">
        {copied === true ? 'Secret disalin ke clipboard.' : copied === false ? 'Gagal menyalin: pilih teks secret lalu salin manual.' : ''}
      </p>
      <Button variant="ghost" size="sm" onClick={onDone}>
        Sudah saya simpan
      </Button>
    </section>
  );
}
