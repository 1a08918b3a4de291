import { VideoItemSchema } from '@scrapper/contracts/http/actor-configs';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import { formatDuration } from '@scrapper/contracts/rules/duration';
import { Card } from '@scrapper/ui/card';
import { Spinner } from '@scrapper/ui/spinner';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { LastResult } from '../hooks/use-scrape-tasks.ts';

const PREVIEW_COUNT = 5;

function videoItems(items: unknown[]): VideoItem[] {
  return items.flatMap((item) => {
    const parsed = VideoItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The last task that completed here with a result file: its count, the downloader link and
 * the first items of the file's content.
 */
export function LastResultCard({ result }: { result: LastResult }) {
  const items = result.content ? videoItems(result.content.items) : [];
  return (
    <Card title="Hasil Terakhir" className="dashboard__result">
      <p className="last-result__summary">
        {result.platformName}
        {result.target ? ` · ${result.target}` : ''}: <strong>{result.itemCount} item</strong>{' '}
        ditemukan.{' '}
        <Link
          to={{
            pathname: paths.downloader,
            search: `?file=${encodeURIComponent(result.fileName)}`,
          }}
        >
          Buka di Downloader
        </Link>
      </p>
      {result.status === 'loading' ? <Spinner label="Memuat isi file..." showLabel /> : null}
      {result.status === 'error' ? <p className="muted">Isi file tidak dapat dimuat.</p> : null}
      {result.status === 'ready' && items.length === 0 ? (
        <p className="muted">File hasil tidak berisi item video.</p>
      ) : null}
      {items.length > 0 ? (
        <>
          <ul className="last-result__items" aria-label="Item hasil">
            {items.slice(0, PREVIEW_COUNT).map((item) => (
              <li key={item.id} className="last-result__item">
                <span className="last-result__title">{item.title || '(tanpa judul)'}</span>
                <span className="muted">
                  {[item.author, formatDuration(item.duration)].filter(Boolean).join(' · ')}
                </span>
                {item.url ? (
                  <a href={item.url} target="_blank" rel="noreferrer noopener">
                    Buka video<span className="ui-visually-hidden"> {item.title}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
          {items.length > PREVIEW_COUNT ? (
            <p className="muted">
              Menampilkan {PREVIEW_COUNT} dari {items.length} item.
            </p>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
