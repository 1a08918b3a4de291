import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { useId, useState, type ReactNode } from 'react';
import { copyText } from '@/lib/copy-text.ts';
import './one-time-secret.css';

export interface OneTimeSecretProps {
  /** The heading: what was just made. */
  title: ReactNode;
  /** Why it must be copied now (the server does not show it again). */
  warning: ReactNode;
  /** The field's label, e.g. "Token API". */
  label: string;
  secret: string;
  /** The copy button's outcome, read out: copied, or how to copy by hand. */
  copiedText: string;
  failedText: string;
  /** More under the secret (an example using it). */
  children?: ReactNode;
  onDone: () => void;
}

/**
 * A secret shown this once after it was made (an API token, a webhook's signing secret): the
 * warning, the value in a read-only field that selects itself, "Salin", and "Sudah saya simpan".
 */
export function OneTimeSecret({
  title,
  warning,
  label,
  secret,
  copiedText,
  failedText,
  children,
  onDone,
}: OneTimeSecretProps) {
  const inputId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <section className="one-time-secret" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="one-time-secret__title">
        {title}
      </h3>
      <Alert tone="warning">{warning}</Alert>
      <label className="one-time-secret__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="one-time-secret__row">
        <input
          id={inputId}
          className="ui-input one-time-secret__value"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyText(secret).then(setCopied)}>
          Salin
        </Button>
      </div>
      <p className="one-time-secret__copied" role="status">
        {copied === true ? copiedText : copied === false ? failedText : ''}
      </p>
      {children}
      <Button variant="ghost" size="sm" onClick={onDone}>
        Sudah saya simpan
      </Button>
    </section>
  );
}
