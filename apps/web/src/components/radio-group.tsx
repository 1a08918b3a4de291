import { useId } from 'react';
import type { ReactNode, Ref } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
}

export interface RadioGroupProps<T extends string> {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption<T>[];
  value: T | '';
  onChange: (value: T) => void;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Receives the first radio, to take the focus when the choice is missing. */
  firstRef?: Ref<HTMLInputElement>;
}

/** Native radios in a fieldset: the legend names the group, arrow keys move the choice. */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  required = false,
  hint,
  error,
  firstRef,
}: RadioGroupProps<T>) {
  const baseId = useId();
  const hintId = hint ? `${baseId}-hint` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const legendId = `${baseId}-legend`;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  // role=radiogroup (allowed on fieldset) so aria-required and aria-invalid are valid here.
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      className="radio-group"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      aria-required={required || undefined}
    >
      <legend id={legendId} className="radio-group__legend">
        {legend}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <div className="radio-group__options">
        {options.map((option, index) => (
          <label key={option.value} className="radio-option">
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              required={required}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {hint ? (
        <span id={hintId} className="ui-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="ui-field__error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
