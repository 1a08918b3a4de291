import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { classNames } from './class-names.ts';

export interface SwitchProps extends Omit<
  ComponentPropsWithRef<'button'>,
  'children' | 'role' | 'onChange' | 'type'
> {
  /** The switch's name, e.g. 'Aktif'; visible unless `hideLabel`. */
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Keep the name for screen readers only (e.g. in a table cell whose column says it). */
  hideLabel?: boolean;
  /** Words shown beside the track for each state, e.g. { on: 'Aktif', off: 'Nonaktif' }. */
  stateLabels?: { on: string; off: string };
  /** A change is being saved: clicks are ignored, focus stays. */
  busy?: boolean;
}

/**
 * An on/off switch: a button with role=switch and aria-checked, so its name stays the same
 * and only the state changes. The optional state words are hidden from screen readers,
 * which already hear 'on' / 'off' from aria-checked.
 */
export function Switch({
  label,
  checked,
  onCheckedChange,
  hideLabel = false,
  stateLabels,
  busy = false,
  className,
  onClick,
  ...rest
}: SwitchProps) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    onClick?.(event);
    if (busy || event.defaultPrevented) return;
    onCheckedChange(!checked);
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      className={classNames('ui-switch', checked && 'ui-switch--on', className)}
      onClick={handleClick}
      {...rest}
    >
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb" />
      </span>
      <span className={hideLabel ? 'ui-visually-hidden' : 'ui-switch__label'}>{label}</span>
      {stateLabels ? (
        <span className="ui-switch__state" aria-hidden="true">
          {checked ? stateLabels.on : stateLabels.off}
        </span>
      ) : null}
    </button>
  );
}
