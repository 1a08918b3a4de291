import { Button } from '@scrapper/ui/button';
import { Select } from '@scrapper/ui/select';
import { Switch } from '@scrapper/ui/switch';
import { TextInput } from '@scrapper/ui/text-input';
import { DISPLAY_DATE_PLACEHOLDER } from '@/lib/display-date.ts';
import { OPTION_TYPE_OPTIONS, fieldId, newChoiceRow } from '../utils/actor-form.ts';
import type { ActorFormErrors, ChoiceRow, OptionRow } from '../utils/actor-form.ts';

export interface OptionRowEditorProps {
  row: OptionRow;
  index: number;
  errors: ActorFormErrors;
  onChange: (row: OptionRow) => void;
  onRemove: () => void;
}

/** One 'Opsi Tambahan' item: key, label, type, value and, for select, its choices. */
export function OptionRowEditor({ row, index, errors, onChange, onRemove }: OptionRowEditorProps) {
  const name = row.key.trim() || `Opsi ${index + 1}`;
  const field = (part: string) => `option-${row.id}-${part}`;

  function set<K extends keyof OptionRow>(key: K, value: OptionRow[K]) {
    onChange({ ...row, [key]: value });
  }

  function setChoice(id: string, patch: Partial<ChoiceRow>) {
    set(
      'choices',
      row.choices.map((choice) => (choice.id === id ? { ...choice, ...patch } : choice)),
    );
  }

  function valueControl() {
    switch (row.type) {
      case 'boolean':
        return (
          <div className="ui-field form-grid__switch">
            <Switch
              id={fieldId(field('value'))}
              label="Nilai bawaan"
              checked={row.checked}
              stateLabels={{ on: 'true', off: 'false' }}
              onCheckedChange={(checked) => set('checked', checked)}
            />
          </div>
        );
      case 'select':
        return (
          <Select
            id={fieldId(field('value'))}
            label="Nilai bawaan"
            placeholder="(tidak ada)"
            options={row.choices
              .filter((choice) => choice.value.trim())
              .map((choice) => ({
                value: choice.value.trim(),
                label: choice.label.trim() || choice.value.trim(),
              }))}
            value={row.value}
            error={errors[field('value')]}
            onChange={(event) => set('value', event.target.value)}
          />
        );
      default:
        return (
          <TextInput
            id={fieldId(field('value'))}
            label="Nilai bawaan"
            type={row.type === 'number' ? 'number' : 'text'}
            inputMode={
              row.type === 'number' ? 'decimal' : row.type === 'date' ? 'numeric' : undefined
            }
            placeholder={row.type === 'date' ? DISPLAY_DATE_PLACEHOLDER : undefined}
            hint={row.type === 'date' ? 'Format dd/mm/yyyy' : undefined}
            value={row.value}
            error={errors[field('value')]}
            onChange={(event) => set('value', event.target.value)}
          />
        );
    }
  }

  return (
    <fieldset className="form-fieldset option-row">
      <legend>{name}</legend>
      <div className="form-grid">
        <TextInput
          id={fieldId(field('key'))}
          label="Key"
          required
          autoCapitalize="none"
          spellCheck={false}
          value={row.key}
          error={errors[field('key')]}
          onChange={(event) => set('key', event.target.value)}
        />
        <TextInput
          id={fieldId(field('label'))}
          label="Label"
          hint="Kosong: memakai key."
          value={row.label}
          onChange={(event) => set('label', event.target.value)}
        />
        <Select
          id={fieldId(field('type'))}
          label="Tipe"
          options={OPTION_TYPE_OPTIONS}
          value={row.type}
          onChange={(event) => {
            const next = OPTION_TYPE_OPTIONS.find((o) => o.value === event.target.value);
            if (next) onChange({ ...row, type: next.value, value: '' });
          }}
        />
        {valueControl()}
      </div>
      {row.type === 'select' ? (
        <div className="choice-list">
          <p className="choice-list__title">Pilihan</p>
          {row.choices.length === 0 ? <p className="muted">Belum ada pilihan.</p> : null}
          {row.choices.map((choice, choiceIndex) => (
            <div key={choice.id} className="choice-row">
              <TextInput
                id={fieldId(field(`choice-${choice.id}-label`))}
                label={`Label pilihan ${choiceIndex + 1}`}
                value={choice.label}
                onChange={(event) => setChoice(choice.id, { label: event.target.value })}
              />
              <TextInput
                id={fieldId(field(`choice-${choice.id}-value`))}
                label={`Nilai pilihan ${choiceIndex + 1}`}
                autoCapitalize="none"
                spellCheck={false}
                value={choice.value}
                error={errors[field(`choice-${choice.id}-value`)]}
                onChange={(event) => setChoice(choice.id, { value: event.target.value })}
              />
              <Button
                size="sm"
                variant="ghost"
                className="choice-row__remove"
                aria-label={`Hapus pilihan ${choiceIndex + 1} dari ${name}`}
                onClick={() =>
                  set(
                    'choices',
                    row.choices.filter((c) => c.id !== choice.id),
                  )
                }
              >
                Hapus
              </Button>
            </div>
          ))}
          <Button size="sm" onClick={() => set('choices', [...row.choices, newChoiceRow()])}>
            Tambah Pilihan
          </Button>
        </div>
      ) : null}
      <div className="option-row__footer">
        <Button size="sm" variant="danger" aria-label={`Hapus opsi ${name}`} onClick={onRemove}>
          Hapus Opsi
        </Button>
      </div>
    </fieldset>
  );
}
