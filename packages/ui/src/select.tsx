import type { ComponentPropsWithRef, ReactNode } from 'react';
import { classNames } from './class-names.ts';
import { Field } from './field.tsx';
import { useFieldIds } from './use-field-ids.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  label: ReactNode;
  options: SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
  /** A first, empty choice such as 'Pilih platform'. */
  placeholder?: string;
}

export function Select({
  label,
  options,
  hint,
  error,
  placeholder,
  id,
  className,
  required,
  ...rest
}: SelectProps) {
  const ids = useFieldIds(id, Boolean(hint), Boolean(error));
  return (
    <Field ids={ids} label={label} hint={hint} error={error} required={required}>
      <select
        id={ids.inputId}
        className={classNames('ui-select', className)}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
        required={required}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
