import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import { Checkbox } from '@scrapper/ui/checkbox';
import { TextInput } from '@scrapper/ui/text-input';
import { MadeForKidsField } from '@/components/made-for-kids-field.tsx';
import { RadioGroup } from '@/components/radio-group.tsx';
import type {
  PublishType,
  UploadErrors,
  UploadField,
  UploadFormValues,
} from '../utils/upload-draft.ts';

export interface PublishFieldsProps {
  form: UploadFormValues;
  onChange: <K extends keyof UploadFormValues>(key: K, value: UploadFormValues[K]) => void;
  errors: UploadErrors;
  fieldRef: (field: UploadField) => (element: HTMLElement | null) => void;
}

const PUBLISH_OPTIONS = [
  { value: 'now', label: 'Upload sekarang' },
  { value: 'schedule', label: 'Jadwalkan' },
] as const satisfies readonly { value: PublishType; label: string }[];

/**
 * Now or scheduled (date and time in WIB), the made-for-kids declaration YouTube needs, and
 * the altered or synthetic content declaration (status.containsSyntheticMedia).
 */
export function PublishFields({ form, onChange, errors, fieldRef }: PublishFieldsProps) {
  const scheduling = form.publishType === 'schedule';
  return (
    <fieldset className="form-fieldset yt-publish">
      <legend>Publikasi</legend>
      <RadioGroup
        legend="Waktu publikasi"
        name="publishType"
        options={PUBLISH_OPTIONS}
        value={form.publishType}
        onChange={(value) => onChange('publishType', value)}
      />
      {scheduling ? (
        <div className="yt-two-columns">
          <TextInput
            ref={fieldRef('scheduleDate')}
            label="Tanggal jadwal"
            type="date"
            required
            min={jakartaDate(new Date())}
            value={form.scheduleDate}
            error={errors.scheduleDate}
            onChange={(event) => onChange('scheduleDate', event.target.value)}
          />
          <TextInput
            ref={fieldRef('scheduleTime')}
            label="Waktu jadwal (WIB)"
            type="time"
            required
            value={form.scheduleTime}
            hint="Zona waktu WIB (Asia/Jakarta, UTC+7)."
            error={errors.scheduleTime}
            onChange={(event) => onChange('scheduleTime', event.target.value)}
          />
        </div>
      ) : null}
      <MadeForKidsField
        value={form.madeForKids}
        error={errors.madeForKids}
        firstRef={fieldRef('madeForKids')}
        onChange={(value) => onChange('madeForKids', value)}
      />
      <div className="yt-synthetic">
        <Checkbox
          label="Konten sintetis/diubah"
          checked={form.containsSyntheticMedia}
          aria-describedby="yt-synthetic-help"
          onChange={(event) => onChange('containsSyntheticMedia', event.target.checked)}
        />
        <p id="yt-synthetic-help" className="yt-synthetic__help">
          Centang jika video tampak nyata padahal diubah atau dibuat (misalnya dengan AI): orang
          seolah mengatakan atau melakukan hal yang tidak pernah terjadi, atau kejadian dan tempat
          nyata yang diubah. YouTube lalu memberi label &quot;Konten yang diubah atau
          sintetis&quot;. Efek, filter, dan animasi yang jelas tidak nyata tidak perlu dicentang.
        </p>
      </div>
    </fieldset>
  );
}
