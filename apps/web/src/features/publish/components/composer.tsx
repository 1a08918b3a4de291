import type { FileItem } from '@scrapper/contracts/http/files';
import type { Post, PublishAccount } from '@scrapper/contracts/http/publish';
import { jakartaDate } from '@scrapper/contracts/rules/jakarta-time';
import {
  PUBLISH_PLATFORM_LABELS,
  PUBLISH_TEXT_LIMITS,
} from '@scrapper/contracts/rules/publish-destinations';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Card } from '@scrapper/ui/card';
import { Checkbox } from '@scrapper/ui/checkbox';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { Select } from '@scrapper/ui/select';
import { TextInput } from '@scrapper/ui/text-input';
import { Textarea } from '@scrapper/ui/textarea';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { RadioGroup } from '@/components/radio-group.tsx';
import { useResource } from '@/hooks/use-resource.ts';
import { errorDetail, errorMessage } from '@/lib/api-error.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useToastStore } from '@/stores/use-toast-store.ts';
import { createPost, listPickerFiles, PICKER_FILE_LIMIT } from '../api.ts';
import { useCreatorInfo } from '../hooks/use-creator-info.ts';
import {
  choiceOf,
  emptyComposer,
  toCreatePostBody,
  validateComposer,
} from '../utils/composer-form.ts';
import type { ComposerErrors, ComposerValues, DestinationChoice } from '../utils/composer-form.ts';
import { PUBLISH_TEXT } from '../utils/publish-text.ts';
import { accountMeta } from './connections-panel.tsx';
import { DestinationOptions } from './destination-options.tsx';

export interface ComposerProps {
  accounts: readonly PublishAccount[];
  /** For the budgets: what was sent in the last 24 h. */
  posts: readonly Post[];
  /** `?file=<id>`: the file to start with. */
  requestedFileId: string | null;
  onCreated: () => void;
}

const WHEN_OPTIONS = [
  { value: 'now', label: 'Sekarang' },
  { value: 'schedule', label: 'Jadwalkan (WIB)' },
] as const;

const NO_FILES: FileItem[] = [];

function fileLabel(file: FileItem): string {
  return [file.title || file.fileName, formatDateTime(file.createdAt), file.formattedSize].join(
    ' · ',
  );
}

/** The composer: one server file, caption (and YouTube title), when, and the destinations. */
export function Composer({ accounts, posts, requestedFileId, onCreated }: ComposerProps) {
  const showToast = useToastStore((state) => state.show);
  const [values, setValues] = useState<ComposerValues>(() => emptyComposer(requestedFileId ?? ''));
  const [errors, setErrors] = useState<ComposerErrors>({});
  const [submitError, setSubmitError] = useState<{ message: string; detail?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [creatorRetry, setCreatorRetry] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useRef(false);
  const loadFiles = useCallback(
    (signal: AbortSignal) => listPickerFiles(requestedFileId, signal),
    [requestedFileId],
  );
  const files = useResource(loadFiles, NO_FILES);

  const chosenTikTok = accounts
    .filter((account) => account.platform === 'tiktok' && values.selected.includes(account.id))
    .map((account) => account.id);
  const creator = useCreatorInfo(chosenTikTok, creatorRetry);
  const hasYouTube = accounts.some(
    (account) => account.platform === 'youtube' && values.selected.includes(account.id),
  );
  const requestedMissing =
    requestedFileId !== null &&
    files.status === 'ready' &&
    !files.data.some((file) => file.id === requestedFileId);

  function update<K extends keyof ComposerValues>(
    key: K,
    value: ComposerValues[K],
    clears: string[] = [key],
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      if (!clears.some((name) => current[name] !== undefined)) return current;
      const next = { ...current };
      for (const name of clears) delete next[name];
      return next;
    });
  }

  function toggle(account: PublishAccount, on: boolean) {
    const selected = on
      ? [...values.selected, account.id]
      : values.selected.filter((id) => id !== account.id);
    update('selected', selected, ['destinations', 'title']);
  }

  function changeChoice(accountId: string, choice: DestinationChoice) {
    update('choices', { ...values.choices, [accountId]: choice }, [
      `${accountId}.privacyLevel`,
      `${accountId}.commercial`,
    ]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = validateComposer(values, accounts, creator.infos, new Date());
    setErrors(found);
    setSubmitError(null);
    if (Object.keys(found).length > 0) {
      focusFirstError.current = true;
      return;
    }
    setSaving(true);
    try {
      await createPost(toCreatePostBody(values, accounts));
      showToast('success', PUBLISH_TEXT.postCreated);
      setValues((current) => ({ ...emptyComposer(current.serverFileId) }));
      onCreated();
    } catch (error) {
      setSubmitError({
        message: errorMessage(error, PUBLISH_TEXT.createFailed),
        detail: errorDetail(error),
      });
    } finally {
      setSaving(false);
    }
  }

  // After a refused submit, the first field it names takes the focus (once it is on screen).
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formRef.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"], .publish-options__error[tabindex]')
      ?.focus();
  }, [errors]);

  const usable = accounts;
  return (
    <Card title="Buat posting">
      <form ref={formRef} noValidate onSubmit={submit} className="publish-composer">
        <Select
          label="File"
          required
          placeholder={
            files.status === 'loading' && files.data.length === 0
              ? 'Memuat file...'
              : 'Pilih file dari File Manager'
          }
          options={files.data.map((file) => ({ value: file.id, label: fileLabel(file) }))}
          value={
            files.data.some((file) => file.id === values.serverFileId) ? values.serverFileId : ''
          }
          hint={`${PICKER_FILE_LIMIT} file terbaru Anda di File Manager. File lain: pilih "Publikasikan" di File Manager.`}
          error={
            errors.serverFileId ??
            (requestedMissing
              ? 'File yang diminta tidak ditemukan atau sudah tidak ada di penyimpanan.'
              : undefined)
          }
          onChange={(event) => update('serverFileId', event.target.value)}
        />
        {files.status === 'error' ? (
          <Alert tone="danger">
            Gagal memuat daftar file.{' '}
            <Button size="sm" variant="ghost" onClick={files.reload}>
              Coba lagi
            </Button>
          </Alert>
        ) : null}
        <Textarea
          label="Caption"
          rows={4}
          value={values.caption}
          maxLength={PUBLISH_TEXT_LIMITS.captionMaxLength}
          hint={`${values.caption.length}/${PUBLISH_TEXT_LIMITS.captionMaxLength} karakter`}
          error={errors.caption}
          onChange={(event) => update('caption', event.target.value)}
        />
        {hasYouTube ? (
          <TextInput
            label="Judul YouTube"
            required
            maxLength={PUBLISH_TEXT_LIMITS.youtubeTitleMaxLength}
            value={values.title}
            hint={`${values.title.length}/${PUBLISH_TEXT_LIMITS.youtubeTitleMaxLength} karakter`}
            error={errors.title}
            onChange={(event) => update('title', event.target.value)}
          />
        ) : null}
        <RadioGroup
          legend="Waktu posting"
          name="publish-when"
          options={WHEN_OPTIONS}
          value={values.when}
          onChange={(value) => update('when', value, ['schedule'])}
        />
        {values.when === 'schedule' ? (
          <div className="publish-schedule">
            <TextInput
              label="Tanggal (WIB)"
              type="date"
              required
              min={jakartaDate(new Date())}
              value={values.scheduleDate}
              error={errors.schedule}
              onChange={(event) => update('scheduleDate', event.target.value, ['schedule'])}
            />
            <TextInput
              label="Jam (WIB)"
              type="time"
              required
              value={values.scheduleTime}
              hint="Zona waktu WIB (Asia/Jakarta, UTC+7)."
              onChange={(event) => update('scheduleTime', event.target.value, ['schedule'])}
            />
          </div>
        ) : null}
        <fieldset
          className="form-fieldset publish-destinations"
          aria-describedby={errors.destinations ? 'publish-destinations-error' : undefined}
        >
          <legend>Tujuan</legend>
          {usable.length === 0 ? (
            <p className="muted">Hubungkan akun tujuan dulu (Akun tujuan di atas).</p>
          ) : null}
          {usable.map((account) => {
            const on = values.selected.includes(account.id);
            return (
              <div
                key={account.id}
                className={
                  on ? 'publish-destination publish-destination--on' : 'publish-destination'
                }
              >
                <Checkbox
                  label={`${PUBLISH_PLATFORM_LABELS[account.platform]}: ${account.name}`}
                  checked={on}
                  disabled={account.needsReconnect && !on}
                  onChange={(event) => toggle(account, event.target.checked)}
                />
                <p className="muted publish-destination__meta">
                  {accountMeta(account)}
                  {account.needsReconnect ? ' · Perlu dihubungkan ulang' : ''}
                </p>
                {on ? (
                  <DestinationOptions
                    account={account}
                    choice={choiceOf(values, account.id)}
                    onChange={(choice) => changeChoice(account.id, choice)}
                    posts={posts}
                    now={new Date()}
                    creator={creator.states[account.id]}
                    onRetryCreator={() => setCreatorRetry((n) => n + 1)}
                    errors={errors}
                  />
                ) : null}
              </div>
            );
          })}
          {errors.destinations ? (
            <p
              id="publish-destinations-error"
              className="publish-options__error"
              role="alert"
              tabIndex={-1}
            >
              {errors.destinations}
            </p>
          ) : null}
        </fieldset>
        {submitError ? (
          <Alert tone="danger" onDismiss={() => setSubmitError(null)}>
            <ErrorDetail message={submitError.message} detail={submitError.detail} />
          </Alert>
        ) : null}
        <div className="row-actions">
          <Button type="submit" variant="primary" loading={saving}>
            Publikasikan
          </Button>
        </div>
      </form>
    </Card>
  );
}
