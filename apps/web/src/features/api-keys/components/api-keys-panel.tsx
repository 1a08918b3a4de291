import { Card } from '@scrapper/ui/card';
import { ApifyKeyCard } from './apify-key-card.tsx';
import { GeminiKeyCard } from './gemini-key-card.tsx';
import './api-keys.css';

/** Admin tab 'Manajemen API Key': a card per key type (apify, gemini). */
export function ApiKeysPanel() {
  return (
    <Card title="Manajemen API Key">
      <p className="muted form-note">
        Kunci ditampilkan dengan label dan 4 karakter terakhirnya, dan langsung divalidasi saat
        ditambahkan. Satu kunci per jenis aktif dan dipakai untuk semua tugas.
      </p>
      <div className="card-grid">
        <ApifyKeyCard />
        <GeminiKeyCard />
      </div>
    </Card>
  );
}
