import { Select } from '@scrapper/ui/select';
import { Switch } from '@scrapper/ui/switch';
import { TextInput } from '@scrapper/ui/text-input';
import { fieldId } from '../utils/actor-form.ts';
import type { ActorTabProps } from '../utils/actor-form.ts';
import { FORMAT_PRESET_OPTIONS, formatOf, isFormatPreset } from '../utils/format-presets.ts';

/** 'Preview Specific': whether previews are offered, their yt-dlp format and length. */
export function ActorPreviewTab({ values, errors, update }: ActorTabProps) {
  return (
    <div className="form-grid">
      <div className="ui-field form-grid__switch">
        <Switch
          id={fieldId('previewEnabled')}
          label="Preview aktif"
          checked={values.previewEnabled}
          onCheckedChange={(checked) => update('previewEnabled', checked)}
        />
      </div>
      <Select
        id={fieldId('formatPreset')}
        label="Format"
        options={FORMAT_PRESET_OPTIONS}
        hint={
          values.formatPreset === 'custom'
            ? undefined
            : formatOf(values.formatPreset, values.customFormat)
        }
        value={values.formatPreset}
        onChange={(event) => {
          const next = event.target.value;
          if (!isFormatPreset(next)) return;
          // Switching to custom starts from the format shown so far.
          if (next === 'custom' && values.formatPreset !== 'custom') {
            update('customFormat', formatOf(values.formatPreset, values.customFormat));
          }
          update('formatPreset', next);
        }}
      />
      {values.formatPreset === 'custom' ? (
        <TextInput
          id={fieldId('customFormat')}
          label="Format kustom (yt-dlp)"
          autoCapitalize="none"
          spellCheck={false}
          value={values.customFormat}
          error={errors.customFormat}
          onChange={(event) => update('customFormat', event.target.value)}
        />
      ) : null}
      <TextInput
        id={fieldId('maxDuration')}
        label="Durasi maksimum (detik)"
        type="number"
        inputMode="numeric"
        min={10}
        max={120}
        step={1}
        placeholder="30"
        hint="Bilangan bulat 10 sampai 120."
        value={values.maxDuration}
        error={errors.maxDuration}
        onChange={(event) => update('maxDuration', event.target.value)}
      />
    </div>
  );
}
