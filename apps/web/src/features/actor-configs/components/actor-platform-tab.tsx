import { Switch } from '@scrapper/ui/switch';
import { TextInput } from '@scrapper/ui/text-input';
import { Textarea } from '@scrapper/ui/textarea';
import { fieldId } from '../utils/actor-form.ts';
import type { ActorTabProps } from '../utils/actor-form.ts';

type ListField =
  'urlMapping' | 'videoUrlMapping' | 'titleMapping' | 'durationMapping' | 'idMapping' | 'playCountMapping';
type UrlField = 'urlAuthorField' | 'urlIdField' | 'urlTemplate';

const LIST_FIELDS: ListField[] = [
  'urlMapping',
  'videoUrlMapping',
  'titleMapping',
  'durationMapping',
  'idMapping',
  'playCountMapping',
];

const URL_FIELDS: { key: UrlField; label: string; hint?: string }[] = [
  { key: 'urlAuthorField', label: 'authorField' },
  { key: 'urlIdField', label: 'idField' },
  { key: 'urlTemplate', label: 'template', hint: 'Contoh: https://x.com/{author}/status/{id}' },
];

/** 'Platform Specific': URL generation, fallback paths and the item filters. */
export function ActorPlatformTab({ values, update }: ActorTabProps) {
  return (
    <>
      <fieldset className="form-fieldset">
        <legend>urlGeneration</legend>
        <div className="form-grid">
          {URL_FIELDS.map(({ key, label, hint }) => (
            <TextInput
              key={key}
              id={fieldId(key)}
              label={label}
              hint={hint}
              autoCapitalize="none"
              spellCheck={false}
              value={values[key]}
              onChange={(event) => update(key, event.target.value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="form-grid">
        {LIST_FIELDS.map((key) => (
          <Textarea
            key={key}
            id={fieldId(key)}
            label={key}
            rows={3}
            hint={
              key === 'videoUrlMapping'
                ? 'Satu path per baris; dipakai hanya bila link-nya membuka satu video (reel, /videos/).'
                : 'Satu path per baris; baris kosong diabaikan.'
            }
            autoCapitalize="none"
            spellCheck={false}
            value={values[key]}
            onChange={(event) => update(key, event.target.value)}
          />
        ))}
      </div>
      <div className="form-switches">
        <Switch
          id={fieldId('skipIfNoUrl')}
          label="skipIfNoUrl: lewati item tanpa URL"
          checked={values.skipIfNoUrl}
          onCheckedChange={(checked) => update('skipIfNoUrl', checked)}
        />
        <Switch
          id={fieldId('dimensionFields')}
          label="dimensionFields: ambil tinggi dan lebar video"
          checked={values.dimensionFields}
          onCheckedChange={(checked) => update('dimensionFields', checked)}
        />
      </div>
    </>
  );
}
