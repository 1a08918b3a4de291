import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { Field } from './field.tsx';
import { useFieldIds } from './use-field-ids.ts';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function TextInput({
  label,
  hint,
  error,
  id,
  className,
  required,
  ...rest
}: TextInputProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required}>
      <input
        id={ids.inputId}
        className={classNames('ui-input', className)}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        required={required}
        {...rest}
      />
    </Field>
  );
}
