import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '@scrapper/contracts/http/me-webhooks';
import { Checkbox } from '@scrapper/ui/checkbox';

export interface EventCheckboxesProps {
  value: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  error?: string | null;
  legend?: string;
}

/** One checkbox per event, with its Indonesian label and the event name the receiver sees. */
export function EventCheckboxes({ value, onChange, error, legend = 'Event yang dikirim' }: EventCheckboxesProps) {
  const toggle = (event: WebhookEvent, on: boolean) =>
    onChange(on ? WEBHOOK_EVENTS.filter((e) => e === event || value.includes(e)) : value.filter((e) => e !== event));
  return (
    <fieldset className="webhooks__events" aria-invalid={error ? true : undefined}>
      <legend className="webhooks__events-legend">{legend}</legend>
      <div className="webhooks__events-grid">
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            checked={value.includes(event)}
            onChange={(e) => toggle(event, e.target.checked)}
            label={
              <>
                {WEBHOOK_EVENT_LABELS[event]} <code className="webhooks__event-name">{event}</code>
              </>
            }
          />
        ))}
      </div>
      {error ? (
        <p className="webhooks__field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
