import { Alert } from '@scrapper/ui/alert';
import { Card } from '@scrapper/ui/card';

export interface ErrorCardProps {
  message: string;
  tone: 'danger' | 'warning';
  onDismiss: () => void;
}

/** The last error of the dashboard (spec section 2), until it is closed or replaced. */
export function ErrorCard({ message, tone, onDismiss }: ErrorCardProps) {
  return (
    <Card title="Kesalahan Terakhir" className="dashboard__error">
      <Alert tone={tone} onDismiss={onDismiss} dismissLabel="Tutup pesan kesalahan">
        {message}
      </Alert>
    </Card>
  );
}
