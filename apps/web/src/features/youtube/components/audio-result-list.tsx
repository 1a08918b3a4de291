import type { AudioResult } from '@scrapper/contracts/http/youtube-uploads';
import { useId } from 'react';

export interface AudioResultListProps {
  results: AudioResult[];
  chosenId: string | null;
  disabled: boolean;
  onChoose: (result: AudioResult) => void;
}

/** The search results as radios: title, duration and uploader; choosing one reads its info. */
export function AudioResultList({ results, chosenId, disabled, onChoose }: AudioResultListProps) {
  const name = useId();
  if (results.length === 0) return <p className="muted">Tidak ada audio yang cocok.</p>;
  return (
    <fieldset className="yt-results">
      <legend className="yt-results__legend">Hasil pencarian audio ({results.length})</legend>
      <ul className="yt-results__list">
        {results.map((result) => (
          <li key={result.id}>
            <label
              className={
                result.id === chosenId
                  ? 'key-option key-option--selected yt-result'
                  : 'key-option yt-result'
              }
            >
              <input
                type="radio"
                name={name}
                value={result.id}
                checked={result.id === chosenId}
                disabled={disabled}
                onChange={() => onChoose(result)}
              />
              <span className="key-option__body">
                <span className="yt-result__title">{result.title}</span>
                <span className="muted yt-result__meta">
                  {[result.duration_string, result.uploader].filter(Boolean).join(' · ') ||
                    'Durasi tidak diketahui'}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
