import type { VideoItem } from '@scrapper/contracts/http/actor-configs';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { FileItem } from '@scrapper/contracts/http/files';
import type { GeneratedContent } from '@scrapper/contracts/http/youtube-uploads';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorDetail, isAbortError } from '@/lib/api-error.ts';
import { findServerFile } from '@/lib/api/find-server-file.ts';
import type { ClientSecretOption } from '../api.ts';
import { useFieldRefs } from '../hooks/use-field-refs.ts';
import { useUploadHistory } from '../hooks/use-upload-history.ts';
import { useUploadVideo } from '../hooks/use-upload-video.ts';
import { useYoutubeSelection } from '../hooks/use-youtube-selection.ts';
import { DEFAULT_AUDIO_REMIX } from '../utils/remix-values.ts';
import type { AudioRemixValues } from '../utils/remix-values.ts';
import { TEXT, reasonOf, uploadFailed } from '../utils/messages.ts';
import { metadataFromItem, sourceFromItem } from '../utils/source-items.ts';
import { quotaRefreshKey } from '../utils/upload-status.ts';
import {
  DEFAULT_UPLOAD_FORM,
  buildUploadFormData,
  firstErrorField,
  hasErrors,
  validateUpload,
} from '../utils/upload-draft.ts';
import type {
  UploadDraft,
  UploadErrors,
  UploadField,
  UploadFormValues,
} from '../utils/upload-draft.ts';
import { AccountPanel } from './account-panel.tsx';
import { UploadForm } from './upload-form.tsx';
import type { UploadResult } from './upload-form.tsx';
import { UploadHistory } from './upload-history.tsx';

export interface UploadWorkspaceProps {
  user: SessionUser;
  clientSecrets: ClientSecretOption[];
}

const SERVER_FILE_UNAVAILABLE =
  'File yang dipilih tidak ada di File Manager Anda (mungkin sudah dihapus). Pilih video dari komputer atau unduh ulang videonya.';

function withoutErrors(errors: UploadErrors, fields: readonly UploadField[]): UploadErrors {
  if (!fields.some((field) => errors[field] !== undefined)) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field];
  return next;
}

/** The three sections of the page and the state they share (spec part 2, section 2). */
export function UploadWorkspace({ user, clientSecrets }: UploadWorkspaceProps) {
  const { selection, update: updateSelection } = useYoutubeSelection(user.id);
  const history = useUploadHistory();
  const upload = useUploadVideo();
  const { refFor, focus } = useFieldRefs<UploadField>();

  const [form, setForm] = useState<UploadFormValues>(DEFAULT_UPLOAD_FORM);
  const [videoFile, setVideoFile] = useState<File | null>(null);
  const [item, setItem] = useState<VideoItem | null>(null);
  const [thumbnailFile, setThumbnailFile] = useState<File | null>(null);
  const [audio, setAudio] = useState<AudioRemixValues>(DEFAULT_AUDIO_REMIX);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [result, setResult] = useState<UploadResult | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // `/youtube?file=<id>`: 'Upload ke YouTube' from the File Manager or Riwayat.
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedFile = searchParams.get('file');
  const [serverFile, setServerFile] = useState<FileItem | null>(null);
  const [serverFileNote, setServerFileNote] = useState<string | null>(null);

  useEffect(() => {
    if (!requestedFile) return undefined;
    const controller = new AbortController();
    setServerFileNote(null);
    findServerFile(requestedFile, controller.signal)
      .then((file) => {
        if (!file || !file.fileExists) {
          setServerFile(null);
          setServerFileNote(SERVER_FILE_UNAVAILABLE);
          return;
        }
        setServerFile(file);
        setVideoFile(null);
        setForm((current) =>
          current.title.trim() ? current : { ...current, title: file.title.slice(0, 100) },
        );
        setErrors((current) => withoutErrors(current, ['video', 'title']));
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setServerFileNote(SERVER_FILE_UNAVAILABLE);
      });
    return () => controller.abort();
  }, [requestedFile]);

  const clearServerFile = useCallback(() => {
    setServerFile(null);
    setServerFileNote(null);
    setSearchParams({}, { replace: true });
  }, [setSearchParams]);

  const changeForm = useCallback(
    <K extends keyof UploadFormValues>(key: K, value: UploadFormValues[K]) => {
      setForm((current) => ({ ...current, [key]: value }));
      setErrors((current) =>
        withoutErrors(
          current,
          key === 'publishType' ? ['scheduleDate', 'scheduleTime'] : [key as UploadField],
        ),
      );
    },
    [],
  );

  const changeItem = useCallback((next: VideoItem | null) => {
    setItem(next);
    if (!next) return;
    setServerFile(null);
    setForm((current) => ({ ...current, ...metadataFromItem(next) }));
    setErrors((current) => withoutErrors(current, ['video', 'title', 'description', 'tags']));
  }, []);

  function changeVideoFile(file: File | null) {
    setVideoFile(file);
    if (file) setServerFile(null);
    setErrors((current) => withoutErrors(current, ['video']));
  }

  function applyGenerated(content: GeneratedContent) {
    setForm((current) => ({
      ...current,
      title: content.title,
      description: content.description,
      tags: content.tags.join(', '),
    }));
    setErrors((current) => withoutErrors(current, ['title', 'description', 'tags']));
  }

  function changeAudio(next: AudioRemixValues) {
    setAudio(next);
    setErrors((current) =>
      withoutErrors(current, ['remixUrl', 'startTime', 'endTime', 'audioFile']),
    );
  }

  /** Spec section 4: after a successful upload everything returns to its default. */
  function resetAll() {
    setForm(DEFAULT_UPLOAD_FORM);
    setVideoFile(null);
    setItem(null);
    setThumbnailFile(null);
    setAudio(DEFAULT_AUDIO_REMIX);
    setErrors({});
    setResetKey((key) => key + 1);
    if (serverFile || requestedFile) clearServerFile();
  }

  async function submit() {
    if (upload.sending) return;
    const draft: UploadDraft = {
      clientSecretId: selection.clientSecretId,
      accountId: selection.accountId,
      playlistId: selection.playlistId,
      form,
      videoFile,
      scraperSource: item ? sourceFromItem(item) : null,
      serverFile: serverFile ? { id: serverFile.id, title: serverFile.title } : null,
      thumbnailFile,
      audio,
    };
    const found = validateUpload(draft, new Date());
    setErrors(found);
    if (hasErrors(found)) {
      setResult({
        tone: 'warning',
        text: `Periksa kembali isian: ${Object.keys(found).length} isian perlu diperbaiki.`,
      });
      const first = firstErrorField(found);
      if (first) focus(first);
      return;
    }
    setResult(null);
    try {
      await upload.send(buildUploadFormData(draft));
      resetAll();
      setResult({ tone: 'success', text: TEXT.uploadDone });
      history.reload();
    } catch (error) {
      if (isAbortError(error)) return;
      setResult({
        tone: 'danger',
        text: uploadFailed(reasonOf(error)),
        detail: errorDetail(error),
      });
    }
  }

  return (
    <div className="yt-page">
      <AccountPanel
        clientSecrets={clientSecrets}
        selection={selection}
        onSelectionChange={updateSelection}
        errors={errors}
        clientSecretRef={refFor('clientSecretId')}
        accountRef={refFor('accountId')}
        onAccountDeleted={history.reload}
        quotaRefreshKey={quotaRefreshKey(history.uploads)}
      />
      <UploadForm
        username={user.username}
        resetKey={resetKey}
        form={form}
        onFormChange={changeForm}
        videoFile={videoFile}
        onVideoFileChange={changeVideoFile}
        item={item}
        onItemChange={changeItem}
        onThumbnailChange={(file) => {
          setThumbnailFile(file);
          setErrors((current) => withoutErrors(current, ['thumbnail']));
        }}
        audio={audio}
        onAudioChange={changeAudio}
        onGenerated={applyGenerated}
        errors={errors}
        fieldRef={refFor}
        onSubmit={() => void submit()}
        sending={upload.sending}
        progress={upload.progress}
        result={result}
        onDismissResult={() => setResult(null)}
        serverFile={serverFile}
        serverFileNote={serverFileNote}
        onServerFileClear={clearServerFile}
      />
      <UploadHistory
        uploads={history.uploads}
        status={history.status}
        pending={history.pending}
        onReload={history.reload}
        onChanged={history.replace}
      />
    </div>
  );
}
