import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { DURATION_FORMAT_OPTIONS, fieldId } from '../utils/actor-form.ts';
import type { ActorTabProps } from '../utils/actor-form.ts';

/**
 * 'Mapping Hasil': a path per result field (dotted paths allowed). Keys containing
 * `_format` are not paths and are not listed; duration's unit has its own select.
 */
export function ActorMappingTab({ values, update }: ActorTabProps) {
  const durationFormat = DURATION_FORMAT_OPTIONS.find((o) => o.value === values.durationFormat);
  return (
    <>
      <p className="muted form-note">
        Path field pada item hasil aktor; boleh bertitik, mis. <code>authorMeta.name</code> atau{' '}
        <code>covers.0</code>.
      </p>
      <div className="form-grid">
        {Object.entries(values.mapping).map(([key, path]) => (
          <TextInput
            key={key}
            id={fieldId(`mapping-${key}`)}
            label={key}
            autoCapitalize="none"
            spellCheck={false}
            value={path}
            onChange={(event) =>
              update('mapping', { ...values.mapping, [key]: event.target.value })
            }
          />
        ))}
        <Select
          id={fieldId('durationFormat')}
          label="duration_format"
          hint="Satuan nilai duration; diubah ke detik."
          options={DURATION_FORMAT_OPTIONS}
          value={durationFormat?.value ?? 'seconds'}
          onChange={(event) => {
            const next = DURATION_FORMAT_OPTIONS.find((o) => o.value === event.target.value);
            if (next) update('durationFormat', next.value);
          }}
        />
      </div>
    </>
  );
}
