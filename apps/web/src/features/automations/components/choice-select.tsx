import { Select } from '@scrapper/ui/select';
import type { SelectOption } from '@scrapper/ui/select';
import type {
  AutomationErrors,
  AutomationFormValues,
  ChangeField,
} from '../utils/automation-form.ts';

type ChoiceField = 'quality' | 'privacyStatus' | 'videoEffect' | 'intervalUnit';

export interface ChoiceSelectProps<K extends ChoiceField> {
  field: K;
  label: string;
  options: SelectOption[];
  /** Whether a value the select gives is one of the field's choices. */
  isChoice: (value: string) => value is AutomationFormValues[K];
  values: AutomationFormValues;
  errors: AutomationErrors;
  onChange: ChangeField;
}

/** A select over a field with a fixed set of choices (its id: `automation-<field>`). */
export function ChoiceSelect<K extends ChoiceField>({
  field,
  label,
  options,
  isChoice,
  values,
  errors,
  onChange,
}: ChoiceSelectProps<K>) {
  return (
    <Select
      id={`automation-${field}`}
      label={label}
      options={options}
      value={values[field]}
      error={errors[field]}
      onChange={(event) => {
        if (isChoice(event.target.value)) onChange(field, event.target.value);
      }}
    />
  );
}
