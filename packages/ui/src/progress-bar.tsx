import { useId } from 'react';
import type { ReactNode } from 'react';

export interface ProgressBarProps {
  label: ReactNode;
  /** Leave undefined while the amount of work is unknown (indeterminate). */
  value?: number;
  max?: number;
  /** Read instead of the bare number, e.g. '12 dari 40 video'. */
  valueText?: string;
}

/** Progress of a long task; role=progressbar with its values for assistive technology. */
export function ProgressBar({ label, value, max = 100, valueText }: ProgressBarProps) {
  const labelId = useId();
  const known = value !== undefined && Number.isFinite(value) && max > 0;
  const percent = known ? Math.round((Math.min(Math.max(value, 0), max) / max) * 100) : 0;
  return (
    <div className="ui-progress">
      <span id={labelId} className="ui-progress__label">
        {label}
      </span>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={known ? Math.min(Math.max(value, 0), max) : undefined}
        aria-valuetext={known ? (valueText ?? `${percent}%`) : undefined}
        className="ui-progress__track"
      >
        <div
          className={
            known ? 'ui-progress__bar' : 'ui-progress__bar ui-progress__bar--indeterminate'
          }
          style={known ? { width: `${percent}%` } : undefined}
        />
      </div>
      <span className="ui-progress__value" aria-hidden="true">
        {known ? `${percent}%` : ''}
      </span>
    </div>
  );
}
