import type { FileItem } from '@scrapper/contracts/http/files';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { GeneratedContent } from '@scrapper/contracts/http/youtube-uploads';
import { Alert } from '@scrapper/ui/alert';
import type { AlertTone } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { ProgressBar } from '@scrapper/ui/progress-bar';
import { TextInput } from '@scrapper/ui/text-input';
import type { FormEvent } from 'react';
import type { UploadProgress } from '@/lib/send-form-data.ts';
import type { AudioRemixValues } from '../utils/remix-values.ts';
import type { UploadErrors, UploadField, UploadFormValues } from '../utils/upload-draft.ts';
import { AudioRemix } from './audio-remix.tsx';
import { EffectPreview } from './effect-preview.tsx';
import { MetadataFields } from './metadata-fields.tsx';
import { PublishFields } from './publish-fields.tsx';
import { SourcePicker } from './source-picker.tsx';

export interface UploadResult {
  tone: AlertTone;
  text: string;
  /** The service's own words, under Detail. */
  detail?: string | undefined;
}

export interface UploadFormProps {
  username: string;
  /** Changes after a successful upload: every part starts again empty. */
  resetKey: number;
  form: UploadFormValues;
  onFormChange: <K extends keyof UploadFormValues>(key: K, value: UploadFormValues[K]) => void;
  videoFile: File | null;
  onVideoFileChange: (file: File | null) => void;
  item: VideoItem | null;
  onItemChange: (item: VideoItem | null) => void;
  onThumbnailChange: (file: File | null) => void;
  audio: AudioRemixValues;
  onAudioChange: (audio: AudioRemixValues) => void;
  onGenerated: (content: GeneratedContent) => void;
  errors: UploadErrors;
  fieldRef: (field: UploadField) => (element: HTMLElement | null) => void;
  onSubmit: () => void;
  sending: boolean;
  progress: UploadProgress | null;
  result: UploadResult | null;
  onDismissResult: () => void;
  serverFile?: FileItem | null;
  serverFileNote?: string | null;
  onServerFileClear?: () => void;
}

function progressText(progress: UploadProgress): string {
  const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  return progress.total
    ? `${mb(progress.loaded)} dari ${mb(progress.total)} MB terkirim`
    : `${mb(progress.loaded)} MB terkirim`;
}

/** The upload form: source, details, publishing, effect, thumbnail, audio remix, submit. */
export function UploadForm({
  username,
  resetKey,
  form,
  onFormChange,
  videoFile,
  onVideoFileChange,
  item,
  onItemChange,
  onThumbnailChange,
  audio,
  onAudioChange,
  onGenerated,
  errors,
  fieldRef,
  onSubmit,
  sending,
  progress,
  result,
  onDismissResult,
  serverFile = null,
  serverFileNote = null,
  onServerFileClear,
}: UploadFormProps) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Card title="Upload Video">
      <form className="yt-form" noValidate onSubmit={handleSubmit} aria-busy={sending || undefined}>
        <SourcePicker
          key={`source-${resetKey}`}
          username={username}
          videoFile={videoFile}
          onVideoFileChange={onVideoFileChange}
          onItemChange={onItemChange}
          videoError={errors.video}
          videoRef={fieldRef('video')}
          serverFile={serverFile}
          serverFileNote={serverFileNote}
          {...(onServerFileClear ? { onServerFileClear } : {})}
        />
        <MetadataFields
          // A new form after an upload: the AI result of the last one (an error, too) goes.
          key={`meta-${resetKey}`}
          form={form}
          onChange={onFormChange}
          errors={errors}
          fieldRef={fieldRef}
          itemTitle={item?.title ?? null}
          onGenerated={onGenerated}
        />
        <PublishFields form={form} onChange={onFormChange} errors={errors} fieldRef={fieldRef} />
        <EffectPreview
          key={`effect-${resetKey}`}
          videoFile={videoFile}
          effect={form.videoEffect}
          onEffectChange={(effect) => onFormChange('videoEffect', effect)}
        />
        <fieldset className="form-fieldset">
          <legend>Thumbnail</legend>
          <TextInput
            key={`thumbnail-${resetKey}`}
            ref={fieldRef('thumbnail')}
            type="file"
            accept="image/*"
            label="Gambar thumbnail (opsional)"
            hint="JPG atau PNG, maksimal 2 MB."
            error={errors.thumbnail}
            onChange={(event) => onThumbnailChange(event.target.files?.[0] ?? null)}
          />
        </fieldset>
        <AudioRemix
          key={`audio-${resetKey}`}
          values={audio}
          onChange={onAudioChange}
          errors={errors}
          fieldRef={fieldRef}
        />

        <div className="yt-submit">
          {sending && progress ? (
            <ProgressBar
              label="Mengirim video ke server..."
              value={progress.total ? progress.loaded : undefined}
              max={progress.total ?? 100}
              valueText={progressText(progress)}
            />
          ) : null}
          {result ? (
            <Alert tone={result.tone} onDismiss={onDismissResult}>
              <ErrorDetail message={result.text} detail={result.detail} />
            </Alert>
          ) : null}
          <Button type="submit" variant="primary" loading={sending}>
            Upload ke YouTube
          </Button>
        </div>
      </form>
    </Card>
  );
}
