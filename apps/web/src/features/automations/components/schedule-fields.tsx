import { AUTOMATION_LIMITS } from '@scrapper/contracts/rules/automations';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { RadioGroup } from '@/components/radio-group.tsx';
import { choiceBinder, fieldBinder } from '@/lib/bind-field.ts';
import type {
  AutomationErrors,
  AutomationFormValues,
  IntervalUnit,
  ScheduleKind,
  ChangeField,
} from '../utils/automation-form.ts';

export interface ScheduleFieldsProps {
  values: AutomationFormValues;
  errors: AutomationErrors;
  onChange: ChangeField;
}

const KIND_OPTIONS = [
  { value: 'interval', label: 'Setiap beberapa jam atau menit' },
  { value: 'times', label: 'Pada jam tertentu setiap hari (WIB)' },
] as const satisfies readonly { value: ScheduleKind; label: string }[];

const UNIT_OPTIONS: { value: IntervalUnit; label: string }[] = [
  { value: 'hours', label: 'jam' },
  { value: 'minutes', label: 'menit' },
];

function isIntervalUnit(value: string): value is IntervalUnit {
  return value === 'hours' || value === 'minutes';
}

/** 'Jadwal': every N hours (or minutes, at least 15), or fixed times of day in WIB. */
export function ScheduleFields({ values, errors, onChange }: ScheduleFieldsProps) {
  const id = (name: string) => ({ id: `automation-${name}` });
  const field = fieldBinder(values, errors, onChange, id);
  const choice = choiceBinder(values, errors, onChange, id);
  return (
    <fieldset className="form-fieldset">
      <legend>Jadwal</legend>
      <RadioGroup
        legend="Kapan otomasi berjalan"
        name="scheduleKind"
        options={KIND_OPTIONS}
        value={values.scheduleKind}
        error={errors.scheduleKind}
        onChange={(kind) => onChange('scheduleKind', kind)}
      />
      {values.scheduleKind === 'interval' ? (
        <div className="form-grid">
          <TextInput
            label="Setiap"
            type="number"
            inputMode="decimal"
            min={1}
            required
            hint={`Paling sering setiap ${AUTOMATION_LIMITS.minIntervalMinutes} menit.`}
            {...field('intervalValue')}
          />
          <Select
            label="Satuan"
            options={UNIT_OPTIONS}
            {...choice('intervalUnit', isIntervalUnit)}
          />
        </div>
      ) : (
        <TextInput
          label="Jam jalan (WIB)"
          required
          autoComplete="off"
          placeholder="08:00, 20:00"
          hint="Format HH:MM, pisahkan dengan koma."
          {...field('times')}
        />
      )}
    </fieldset>
  );
}
