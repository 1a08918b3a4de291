import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';

export interface DetailFieldProps {
  label: string;
  value: string;
  onCopy: (label: string, value: string) => void;
}

/** One field of the item details with its copy button. */
export function DetailField({ label, value, onCopy }: DetailFieldProps) {
  return (
    <div className="detail-field">
      <dt className="detail-field__label">{label}</dt>
      <dd className="detail-field__value">
        <span className="detail-field__text">{value || '-'}</span>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onCopy(label, value)}
          disabled={!value}
          aria-label={`Copy ${label}`}
        >
          <Icon name="copy" size={16} />
          Copy
        </Button>
      </dd>
    </div>
  );
}
