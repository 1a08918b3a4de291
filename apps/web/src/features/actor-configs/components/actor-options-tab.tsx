import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { newOptionRow } from '../utils/actor-form.ts';
import type { ActorTabProps } from '../utils/actor-form.ts';
import { OptionRowEditor } from './option-row-editor.tsx';

/** 'Opsi Tambahan': the options the dashboard offers, saved as the `options` map. */
export function ActorOptionsTab({ values, errors, update }: ActorTabProps) {
  return (
    <>
      <p className="muted form-note">
        Key adalah nama input aktor; nilainya dikirim apa adanya saat scraping dimulai.
      </p>
      {values.options.length === 0 ? <p className="muted">Belum ada opsi tambahan.</p> : null}
      {values.options.map((row, index) => (
        <OptionRowEditor
          key={row.id}
          row={row}
          index={index}
          errors={errors}
          onChange={(next) =>
            update(
              'options',
              values.options.map((r) => (r.id === row.id ? next : r)),
            )
          }
          onRemove={() =>
            update(
              'options',
              values.options.filter((r) => r.id !== row.id),
            )
          }
        />
      ))}
      <Button onClick={() => update('options', [...values.options, newOptionRow()])}>
        <Icon name="plus" size={18} />
        Tambah Opsi
      </Button>
    </>
  );
}
