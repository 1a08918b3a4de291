import type { ReactNode } from 'react';

export interface ErrorDetailProps {
  /** One Indonesian sentence: what happened and what to do. */
  message: ReactNode;
  /** The service's own words (Apify's, Gemini's, Google's, yt-dlp's), folded under "Detail". */
  detail?: string | null;
  /** Label of the fold; default "Detail". */
  detailLabel?: string;
}

/**
 * A failure as members read it: the product's sentence first, and the outside service's own
 * message folded away beneath it (a native <details>, so keyboard and screen readers get it for
 * free). Put it inside an Alert, a table cell or a card.
 */
export function ErrorDetail({ message, detail, detailLabel = 'Detail' }: ErrorDetailProps) {
  const extra = detail?.trim();
  return (
    <span className="ui-error-detail">
      <span className="ui-error-detail__message">{message}</span>
      {extra ? (
        <details className="ui-error-detail__fold">
          <summary>{detailLabel}</summary>
          <code className="ui-error-detail__text">{extra}</code>
        </details>
      ) : null}
    </span>
  );
}
