import { Button } from '@scrapper/ui/button';
import { useId } from 'react';

export interface AddedUrlListProps {
  urls: string[];
  onRemove: (url: string) => void;
}

/** The URLs added through the drop widget, each removable, under a heading with the count. */
export function AddedUrlList({ urls, onRemove }: AddedUrlListProps) {
  const headingId = useId();
  if (urls.length === 0) return null;
  return (
    <section className="url-list" aria-labelledby={headingId}>
      <h3 id={headingId} className="url-list__title">
        URL yang ditambahkan ({urls.length})
      </h3>
      <ul className="url-list__items">
        {urls.map((url) => (
          <li key={url} className="url-list__item">
            <span className="url-list__url">{url}</span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Hapus ${url}`}
              onClick={() => onRemove(url)}
            >
              Hapus
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
