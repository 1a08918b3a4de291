import { formatDuration } from '@scrapper/contracts/rules/duration';
import { Card } from '@scrapper/ui/card';
import { Spinner } from '@scrapper/ui/spinner';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { RESULT_PREVIEW_COUNT } from '../api.ts';
import type { LastResult } from '../hooks/use-scrape-tasks.ts';
import { itemDisplayTitle } from '@scrapper/contracts/rules/readable-file-name';

/**
 * The last task that completed here with a result file: its count, the downloader link and
 * the file's first items.
 */
export function LastResultCard({ result }: { result: LastResult }) {
  const items = result.preview?.items ?? [];
  const total = result.preview?.total ?? 0;
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
            {items.slice(0, RESULT_PREVIEW_COUNT).map((item) => (
              <li key={item.id} className="last-result__item">
                <span className="last-result__title">{itemDisplayTitle(item)}</span>
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
          {total > items.length ? (
            <p className="muted">
              Menampilkan {items.length} dari {total} item.
            </p>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
