import type { Quality } from '@scrapper/contracts/http/media';
import { QualitySchema } from '@scrapper/contracts/http/media';
import { extractLinks, MAX_URLS_PER_BATCH } from '@scrapper/contracts/rules/download-links';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Icon } from '@scrapper/ui/icon';
import { Select } from '@scrapper/ui/select';
import { Textarea } from '@scrapper/ui/textarea';
import { useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { QUALITY_OPTIONS } from '@/lib/quality-options.ts';

export interface UrlDownloadCardProps {
  busy: boolean;
  onSubmit: (urls: string[], quality: Quality) => void;
}

/**
 * "Unduh dari URL" (the spec's URL widget): paste text or drop .txt files; the http(s) links in
 * them are what gets downloaded; Enter submits, Shift+Enter adds a line.
 */
export function UrlDownloadCard({ busy, onSubmit }: UrlDownloadCardProps) {
  const [text, setText] = useState('');
  const [quality, setQuality] = useState<Quality>('best');
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const links = extractLinks(text);

  function submit() {
    if (busy) return;
    if (links.length === 0) {
      setError('Tidak ada tautan http atau https di teks ini.');
      return;
    }
    if (links.length > MAX_URLS_PER_BATCH) {
      setError(`Paling banyak ${MAX_URLS_PER_BATCH} tautan sekali unduh; ada ${links.length}.`);
      return;
    }
    setError(null);
    onSubmit(links, quality);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  async function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    setDragging(false);
    const files = [...event.dataTransfer.files].filter(
      (f) => f.type === 'text/plain' || f.name.toLowerCase().endsWith('.txt'),
    );
    const dropped = event.dataTransfer.getData('text/plain');
    if (files.length === 0 && !dropped) return;
    event.preventDefault();
    const texts = files.length > 0 ? await Promise.all(files.map((f) => f.text())) : [dropped];
    setText((current) => [current, ...texts].filter(Boolean).join('\n'));
  }

  return (
    <Card title="Unduh dari URL" className="url-download">
      <Textarea
        label="Tautan video"
        hint={
          links.length > 0
            ? `${links.length} tautan ditemukan. Enter untuk mengunduh, Shift+Enter untuk baris baru.`
            : 'Tempel satu atau beberapa tautan (atau teks yang berisi tautan), atau jatuhkan file .txt di sini.'
        }
        error={error ?? undefined}
        rows={4}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => void onDrop(event)}
        className={
          dragging ? 'url-download__input url-download__input--drop' : 'url-download__input'
        }
        placeholder="https://www.tiktok.com/@kreator/video/..."
      />
      <div className="url-download__actions">
        <Select
          label="Kualitas"
          value={quality}
          options={QUALITY_OPTIONS}
          onChange={(event) => {
            const next = QualitySchema.safeParse(event.target.value);
            if (next.success) setQuality(next.data);
          }}
        />
        <Button onClick={submit} loading={busy} disabled={busy}>
          <Icon name="download" size={16} />
          {links.length > 1 ? `Unduh ${links.length} Tautan` : 'Unduh'}
        </Button>
      </div>
    </Card>
  );
}
