import { Button } from '@scrapper/ui/button';
import { Icon } from '@scrapper/ui/icon';
import { TextInput } from '@scrapper/ui/text-input';
import { fieldId, newDownloadRow } from '../utils/actor-form.ts';
import type { ActorTabProps, DownloadRow } from '../utils/actor-form.ts';

/** 'Opsi Unduhan': label/value pairs the downloader offers for this platform. */
export function ActorDownloadsTab({ values, errors, update }: ActorTabProps) {
  function change(id: string, patch: Partial<DownloadRow>) {
    update(
      'downloadOptions',
      values.downloadOptions.map((row) => (row.id === id ? { ...row, ...patch } : row)),
    );
  }
  return (
    <>
      {values.downloadOptions.length === 0 ? (
        <p className="muted">Belum ada opsi unduhan.</p>
      ) : null}
      {values.downloadOptions.map((row, index) => (
        <div key={row.id} className="choice-row">
          <TextInput
            id={fieldId(`download-${row.id}-label`)}
            label={`Label ${index + 1}`}
            value={row.label}
            error={errors[`download-${row.id}-label`]}
            onChange={(event) => change(row.id, { label: event.target.value })}
          />
          <TextInput
            id={fieldId(`download-${row.id}-value`)}
            label={`Nilai ${index + 1}`}
            autoCapitalize="none"
            spellCheck={false}
            value={row.value}
            error={errors[`download-${row.id}-value`]}
            onChange={(event) => change(row.id, { value: event.target.value })}
          />
          <Button
            size="sm"
            variant="ghost"
            className="choice-row__remove"
            aria-label={`Hapus opsi unduhan ${index + 1}`}
            onClick={() =>
              update(
                'downloadOptions',
                values.downloadOptions.filter((r) => r.id !== row.id),
              )
            }
          >
            Hapus
          </Button>
        </div>
      ))}
      <Button
        onClick={() => update('downloadOptions', [...values.downloadOptions, newDownloadRow()])}
      >
        <Icon name="plus" size={18} />
        Tambah Opsi Unduhan
      </Button>
    </>
  );
}
