import type { ApiKey } from '@scrapper/contracts/http/keys';
import { Badge } from '@scrapper/ui/badge';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { KEY_VALIDITY_LABELS, KEY_VALIDITY_TONES, keyValidity } from '../utils/key-selection.ts';

/**
 * Valid / invalid (with the reason) / could not be checked / unchecked, the service's own words
 * folded under "Detail", the model a Gemini key writes with, the server's message (which
 * says when a model was retired and what replaced it), when the key was added and checked.
 */
export function ApiKeyValidity({ apiKey }: { apiKey: ApiKey }) {
  const validity = keyValidity(apiKey);
  return (
    <span className="key-validity">
      <Badge tone={KEY_VALIDITY_TONES[validity]}>{KEY_VALIDITY_LABELS[validity]}</Badge>
      {apiKey.model ? (
        <span className="key-validity__model">
          Model: <code>{apiKey.model}</code>
        </span>
      ) : null}
      {apiKey.validationMessage ? (
        <span className="key-validity__message">
          <ErrorDetail message={apiKey.validationMessage} detail={apiKey.validationDetail} />
        </span>
      ) : null}
      <span className="muted key-validity__when">
        Ditambahkan{' '}
        <time dateTime={apiKey.createdAt}>{formatDateTime(apiKey.createdAt)}</time>
        {' · '}
        {apiKey.lastValidated ? (
          <>
            Dicek <time dateTime={apiKey.lastValidated}>{formatDateTime(apiKey.lastValidated)}</time>
          </>
        ) : (
          'Belum pernah dicek'
        )}
      </span>
    </span>
  );
}
