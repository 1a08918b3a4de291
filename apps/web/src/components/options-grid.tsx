import type { ActorOption } from '@scrapper/contracts/http/actor-configs';
import type { OptionValue, OptionValues } from '@/lib/scrape-options.ts';
import { defaultOptionValue } from '@/lib/scrape-options.ts';
import { OptionField } from './option-field.tsx';

export interface OptionsGridProps {
  options: Record<string, ActorOption>;
  values: OptionValues;
  errors: Record<string, string>;
  onChange: (key: string, value: OptionValue) => void;
}

/** 'Opsi Tambahan': the chosen platform's options in a responsive grid. */
export function OptionsGrid({ options, values, errors, onChange }: OptionsGridProps) {
  const entries = Object.entries(options);
  return (
    <fieldset className="form-fieldset">
      <legend>Opsi Tambahan</legend>
      {entries.length === 0 ? (
        <p className="muted option-grid__empty">Platform ini tidak memiliki opsi tambahan.</p>
      ) : (
        <div className="option-grid__fields">
          {entries.map(([key, option]) => (
            <OptionField
              key={key}
              optionKey={key}
              option={option}
              value={values[key] ?? defaultOptionValue(option)}
              error={errors[key]}
              onChange={(value) => onChange(key, value)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
