import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { Field } from './field.tsx';
import { useFieldIds } from './use-field-ids.ts';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Puts the input inside more (a button beside it: PasswordInput's reveal toggle). */
  around?: (input: ReactNode, inputId: string) => ReactNode;
}

export function TextInput({
  label,
  hint,
  error,
  id,
  className,
  required,
  around,
  ...rest
}: TextInputProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  const input = (
    <input
      id={ids.inputId}
      className={classNames('ui-input', className)}
      aria-describedby={ids.describedBy}
      aria-invalid={error ? true : undefined}
      required={required}
      {...rest}
    />
  );
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required}>
      {around ? around(input, ids.inputId) : input}
    </Field>
  );
}
