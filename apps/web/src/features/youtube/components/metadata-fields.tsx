import type { GeneratedContent } from '@scrapper/contracts/http/youtube-uploads';
import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube-uploads';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { Textarea } from '@scrapper/ui/textarea';
import { fieldBinder } from '@/lib/bind-field.ts';
import { CATEGORY_OPTIONS, PRIVACY_OPTIONS, isPrivacy } from '@/lib/youtube-choices.ts';
import type { UploadErrors, UploadField, UploadFormValues } from '../utils/upload-draft.ts';
import { AiGenerate } from './ai-generate.tsx';

export interface MetadataFieldsProps {
  form: UploadFormValues;
  onChange: <K extends keyof UploadFormValues>(key: K, value: UploadFormValues[K]) => void;
  errors: UploadErrors;
  fieldRef: (field: UploadField) => (element: HTMLElement | null) => void;
  /** The chosen item's title, used for AI generation when the title field is empty. */
  itemTitle: string | null;
  onGenerated: (content: GeneratedContent) => void;
}

/** Title, description, tags, category and privacy, with AI generation. */
export function MetadataFields({
  form,
  onChange,
  errors,
  fieldRef,
  itemTitle,
  onGenerated,
}: MetadataFieldsProps) {
  const field = fieldBinder(form, errors, onChange, (name) => ({ ref: fieldRef(name) }));
  return (
    <fieldset className="form-fieldset yt-metadata">
      <legend>Detail video</legend>
      <TextInput
        label="Judul"
        required
        hint={`${form.title.trim().length}/${UPLOAD_LIMITS.titleMaxLength} karakter`}
        {...field('title')}
      />
      <AiGenerate originalTitle={form.title.trim() || itemTitle || ''} onGenerated={onGenerated} />
      <Textarea label="Deskripsi" rows={5} {...field('description')} />
      <TextInput
        label="Tag"
        hint="Pisahkan dengan koma, misalnya: youtube, viral, trending"
        {...field('tags')}
      />
      <div className="yt-two-columns">
        <Select label="Kategori" options={CATEGORY_OPTIONS} {...field('categoryId')} />
        <Select
          ref={fieldRef('privacyStatus')}
          label="Privasi"
          options={PRIVACY_OPTIONS}
          value={form.privacyStatus}
          error={errors.privacyStatus}
          onChange={(event) => {
            if (isPrivacy(event.target.value)) onChange('privacyStatus', event.target.value);
          }}
        />
      </div>
    </fieldset>
  );
}
