import { classNames } from './class-names.ts';

export interface SpinnerProps {
  /** What is loading; read by screen readers, and shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

/** A busy indicator. It is a status region so the label is announced when it appears. */
export function Spinner({ label = 'Memuat...', showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={classNames('ui-spinner', className)}>
      <span className="ui-spinner__circle" aria-hidden="true" />
      <span className={showLabel ? undefined : 'ui-visually-hidden'}>{label}</span>
    </span>
  );
}
