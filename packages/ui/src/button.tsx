import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { classNames } from './class-names.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  /** Shows a spinner and ignores clicks while an action runs. */
  loading?: boolean;
  /** Stretch to the container width. */
  block?: boolean;
  /** A square button holding only an icon; give it an aria-label. */
  iconOnly?: boolean;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  block = false,
  iconOnly = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  // While loading the button stays focusable (aria-disabled rather than disabled): a disabled
  // button drops keyboard focus to <body>, and the user loses their place mid-action.
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }
  return (
    <button
      type={type}
      className={classNames(
        'ui-button',
        `ui-button--${variant}`,
        size === 'sm' && 'ui-button--sm',
        block && 'ui-button--block',
        iconOnly && 'ui-button--icon',
        className,
      )}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <span className="ui-button__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
