import { useState } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Button } from './button.tsx';
import { classNames } from './class-names.ts';
import { Field } from './field.tsx';
import { Icon } from './icon.tsx';
import { useFieldIds } from './use-field-ids.ts';

export interface PasswordInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'children' | 'type'
> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Accessible name of the reveal toggle. */
  revealLabel?: string;
}

/** A password field with a toggle that reveals what was typed (helps on phone keyboards). */
export function PasswordInput({
  label,
  hint,
  error,
  id,
  className,
  required,
  revealLabel = 'Tampilkan password',
  ...rest
}: PasswordInputProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  const [visible, setVisible] = useState(false);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required}>
      <div className="ui-password">
        <input
          id={ids.inputId}
          type={visible ? 'text' : 'password'}
          className={classNames('ui-input', className)}
          aria-describedby={ids.describedBy}
          aria-invalid={error ? true : undefined}
          required={required}
          {...rest}
        />
        <Button
          iconOnly
          aria-label={revealLabel}
          aria-pressed={visible}
          aria-controls={ids.inputId}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eye-off' : 'eye'} />
        </Button>
      </div>
    </Field>
  );
}
