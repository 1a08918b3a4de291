import { useEffect, useRef } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './class-names.ts';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'children'> {
  /** The checkbox's name; visible unless `hideLabel`. */
  label: ReactNode;
  /** Keep the name for screen readers only (a row checkbox whose row says what it is). */
  hideLabel?: boolean;
  /** The mixed state of a 'select all' box when only some items are selected. */
  indeterminate?: boolean;
}

/**
 * A native checkbox with its label; the whole label is the click target (at least 32px
 * high, so it is easy to hit on a phone). `indeterminate` sets the DOM property, which has
 * no attribute, and screen readers announce it as 'mixed'.
 */
export function Checkbox({
  label,
  hideLabel = false,
  indeterminate = false,
  className,
  ref,
  ...rest
}: CheckboxProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = indeterminate;
  }, [indeterminate]);

  function setRefs(element: HTMLInputElement | null) {
    inputRef.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  }

  return (
    <label className={classNames('ui-checkbox', className)}>
      <input ref={setRefs} type="checkbox" className="ui-checkbox__input" {...rest} />
      <span className={hideLabel ? 'ui-visually-hidden' : 'ui-checkbox__label'}>{label}</span>
    </label>
  );
}
