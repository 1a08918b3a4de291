import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { Field } from './field.tsx';
import { useFieldIds } from './use-field-ids.ts';

export interface TextareaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

export function Textarea({ label, hint, error, id, className, required, ...rest }: TextareaProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={ids.inputId}
        className={classNames('ui-textarea', className)}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        required={required}
        {...rest}
      />
    </Field>
  );
}
