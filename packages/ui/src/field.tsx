import type { ReactNode } from 'react';
import type { FieldIds } from './use-field-ids.ts';

export interface FieldProps {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/**
 * The frame every form control shares: a visible label, optional hint and an error that the
 * control references through aria-describedby, so screen readers read them with the field.
 */
export function Field({ ids, label, hint, error, required = false, children }: FieldProps) {
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={ids.inputId}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <span id={ids.hintId} className="ui-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={ids.errorId} className="ui-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
