import type { ActorOption } from '@scrapper/contracts/http/actor-configs';
import { Select } from '@scrapper/ui/select';
import { Switch } from '@scrapper/ui/switch';
import { TextInput } from '@scrapper/ui/text-input';
import { DISPLAY_DATE_PLACEHOLDER } from '@/lib/display-date.ts';
import { selectChoices } from '@/lib/scrape-options.ts';
import type { OptionValue } from '@/lib/scrape-options.ts';

export interface OptionFieldProps {
  optionKey: string;
  option: ActorOption;
  value: OptionValue;
  error?: string;
  onChange: (value: OptionValue) => void;
}

/** One 'Opsi Tambahan' field, shaped by the option's type. */
export function OptionField({ optionKey, option, value, error, onChange }: OptionFieldProps) {
  const id = `scrape-option-${optionKey}`;
  const text = typeof value === 'string' ? value : '';
  if (option.type === 'boolean') {
    return (
      <div className="ui-field form-grid__switch">
        <Switch
          id={id}
          label={option.label}
          checked={value === true}
          onCheckedChange={onChange}
          stateLabels={{ on: 'Ya', off: 'Tidak' }}
        />
      </div>
    );
  }
  // What every text-valued control of an option takes: its id, label, value and error.
  const bound = {
    id,
    label: option.label,
    value: text,
    error,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  const choices = option.type === 'select' ? selectChoices(optionKey, option) : [];
  if (option.type === 'select' && choices.length > 0) {
    return <Select {...bound} options={choices} placeholder="Bawaan aktor" />;
  }
  if (option.type === 'date') {
    return (
      <TextInput
        {...bound}
        placeholder={DISPLAY_DATE_PLACEHOLDER}
        hint="Format dd/mm/yyyy"
        inputMode="numeric"
        autoComplete="off"
      />
    );
  }
  return (
    <TextInput
      {...bound}
      type={option.type === 'number' ? 'number' : 'text'}
      inputMode={option.type === 'number' ? 'decimal' : undefined}
    />
  );
}
