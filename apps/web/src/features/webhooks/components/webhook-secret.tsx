import { OneTimeSecret } from '@/components/one-time-secret.tsx';

export interface WebhookSecretProps {
  url: string;
  secret: string;
  onDone: () => void;
}

/** The new webhook's signing secret, shown this once (sealed on the server), with a copy button. */
export function WebhookSecret({ url, secret, onDone }: WebhookSecretProps) {
  return (
    <OneTimeSecret
      title={`Webhook ke ${url} dibuat`}
      warning="Salin secret ini sekarang dan simpan di penerima: secret tidak akan ditampilkan lagi. Penerima memakainya untuk memeriksa header webhook-signature setiap kiriman."
      label="Signing secret"
      secret={secret}
      copiedText="Secret disalin ke clipboard."
      failedText="Gagal menyalin: pilih teks secret lalu salin manual."
      onDone={onDone}
    />
  );
}
