import type { AudioResult } from '@scrapper/contracts/http/youtube-uploads';
import { Alert } from '@scrapper/ui/alert';
import type { AlertTone } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { ErrorDetail } from '@scrapper/ui/error-detail';
import { TextInput } from '@scrapper/ui/text-input';
import { useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { errorDetail } from '@/lib/api-error.ts';
import { getAudioInfo, searchAudio } from '../api.ts';
import {
  ORIGINAL_VOLUME,
  REMIX_VOLUME,
  TIME_STEP,
  hasRemix,
  withAudioFile,
  withRemixUrl,
} from '../utils/remix-values.ts';
import type { AudioRemixValues } from '../utils/remix-values.ts';
import {
  TEXT,
  audioInfoFailed,
  audioInfoFromUrlFailed,
  audioSearchDone,
  audioSearchFailed,
  reasonOf,
} from '../utils/messages.ts';
import type { UploadErrors, UploadField } from '../utils/upload-draft.ts';
import { AudioResultList } from './audio-result-list.tsx';
import { VolumeSlider } from './volume-slider.tsx';

export interface AudioRemixProps {
  values: AudioRemixValues;
  onChange: (values: AudioRemixValues) => void;
  errors: Pick<UploadErrors, 'remixUrl' | 'startTime' | 'endTime' | 'audioFile'>;
  fieldRef: (field: UploadField) => (element: HTMLInputElement | null) => void;
}

type Busy = 'search' | 'info' | 'url' | null;

interface Message {
  tone: AlertTone;
  text: string;
  /** yt-dlp's own words, folded under "Detail" beneath the sentence. */
  detail?: string | undefined;
}

/** Enter in a one-line field runs its button instead of submitting the upload form. */
function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };
}

/**
 * Audio remix (spec part 2, sections 2, 5 and 8): search by keyword or read a YouTube URL,
 * choose the audio, then its start and end and the two volumes. A remix (or an own audio
 * file) lowers the original volume from 0.5 to 0.3 when chosen.
 */
export function AudioRemix({ values, onChange, errors, fieldRef }: AudioRemixProps) {
  const [keyword, setKeyword] = useState('');
  const [keywordError, setKeywordError] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [results, setResults] = useState<AudioResult[] | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [info, setInfo] = useState<AudioResult | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [audioInputKey, setAudioInputKey] = useState(0);
  const keywordRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement | null>(null);
  const urlFieldRef = fieldRef('remixUrl');

  async function search() {
    const query = keyword.trim();
    if (!query) {
      setKeywordError(TEXT.audioKeywordRequired);
      keywordRef.current?.focus();
      return;
    }
    setKeywordError(null);
    setBusy('search');
    setMessage(null);
    try {
      const found = await searchAudio(query);
      setResults(found);
      setMessage({ tone: 'success', text: audioSearchDone(found.length, query) });
    } catch (error) {
      setMessage({ tone: 'danger', text: audioSearchFailed(reasonOf(error)) });
    } finally {
      setBusy(null);
    }
  }

  async function choose(result: AudioResult) {
    setChosenId(result.id);
    setUrlError(null);
    onChange(withRemixUrl(values, result.webpage_url));
    setBusy('info');
    setMessage(null);
    try {
      setInfo(await getAudioInfo(result.webpage_url));
      setMessage({ tone: 'success', text: TEXT.audioInfoDone });
    } catch (error) {
      setInfo(null);
      setMessage({ tone: 'danger', text: audioInfoFailed(reasonOf(error)), detail: errorDetail(error) });
    } finally {
      setBusy(null);
    }
  }

  async function readUrl() {
    const url = values.remixUrl.trim();
    if (!url) {
      setUrlError(TEXT.audioUrlRequired);
      urlRef.current?.focus();
      return;
    }
    setUrlError(null);
    setBusy('url');
    setMessage(null);
    try {
      setInfo(await getAudioInfo(url));
      setChosenId(null);
      setMessage({ tone: 'success', text: TEXT.audioInfoFromUrlDone });
    } catch (error) {
      setInfo(null);
      setMessage({ tone: 'danger', text: audioInfoFromUrlFailed(reasonOf(error)), detail: errorDetail(error) });
    } finally {
      setBusy(null);
    }
  }

  function changeAudioFile(event: ChangeEvent<HTMLInputElement>) {
    onChange(withAudioFile(values, event.target.files?.[0] ?? null));
  }

  function removeRemix() {
    onChange({ ...values, remixUrl: '', startTime: '', endTime: '', audioFile: null });
    setChosenId(null);
    setInfo(null);
    setMessage(null);
    setAudioInputKey((key) => key + 1);
  }

  return (
    <fieldset className="form-fieldset yt-remix">
      <legend>Audio remix (opsional)</legend>

      <div className="yt-inline-action">
        <TextInput
          ref={keywordRef}
          label="Cari audio remix"
          type="search"
          value={keyword}
          error={keywordError ?? undefined}
          onChange={(event) => {
            setKeyword(event.target.value);
            setKeywordError(null);
          }}
          onKeyDown={onEnter(() => void search())}
        />
        <Button onClick={() => void search()} loading={busy === 'search'}>
          Cari Audio
        </Button>
      </div>

      {results ? (
        <AudioResultList
          results={results}
          chosenId={chosenId}
          disabled={busy === 'info'}
          onChoose={(result) => void choose(result)}
        />
      ) : null}

      <div className="yt-inline-action">
        <TextInput
          ref={(element) => {
            urlRef.current = element;
            urlFieldRef(element);
          }}
          label="URL audio remix (video YouTube)"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=..."
          value={values.remixUrl}
          error={urlError ?? errors.remixUrl}
          onChange={(event) => {
            setUrlError(null);
            onChange(withRemixUrl(values, event.target.value));
          }}
          onKeyDown={onEnter(() => void readUrl())}
        />
        <Button onClick={() => void readUrl()} loading={busy === 'url'}>
          Ambil Info Audio
        </Button>
      </div>

      {message ? (
        <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
          <ErrorDetail message={message.text} detail={message.detail} />
        </Alert>
      ) : null}
      {info && hasRemix(values) ? (
        <p className="yt-remix__chosen">
          Audio dipilih: <strong>{info.title}</strong>
          {info.duration_string ? ` · ${info.duration_string}` : ''}
          {info.uploader ? ` · ${info.uploader}` : ''}
        </p>
      ) : null}

      <div className="yt-remix__times">
        <TextInput
          ref={fieldRef('startTime')}
          label="Mulai audio (detik)"
          type="number"
          inputMode="decimal"
          min={0}
          step={TIME_STEP}
          value={values.startTime}
          error={errors.startTime}
          onChange={(event) => onChange({ ...values, startTime: event.target.value })}
        />
        <TextInput
          ref={fieldRef('endTime')}
          label="Akhir audio (detik)"
          type="number"
          inputMode="decimal"
          min={0}
          step={TIME_STEP}
          value={values.endTime}
          hint="Kosong atau 0: mengikuti durasi video."
          error={errors.endTime}
          onChange={(event) => onChange({ ...values, endTime: event.target.value })}
        />
      </div>

      <div className="yt-remix__volumes">
        <VolumeSlider
          label="Volume remix"
          value={values.audioVolume}
          {...REMIX_VOLUME}
          onChange={(audioVolume) => onChange({ ...values, audioVolume })}
        />
        <VolumeSlider
          label="Volume video asli"
          value={values.videoVolume}
          {...ORIGINAL_VOLUME}
          hint="Menjadi 0.3 saat remix dipilih bila masih 0.5."
          onChange={(videoVolume) => onChange({ ...values, videoVolume })}
        />
      </div>

      <TextInput
        key={audioInputKey}
        ref={fieldRef('audioFile')}
        type="file"
        accept="audio/*"
        label="File audio sendiri (opsional)"
        hint="Dipakai sebagai audio remix bila diisi."
        error={errors.audioFile}
        onChange={changeAudioFile}
      />

      {hasRemix(values) ? (
        <Button variant="ghost" onClick={removeRemix}>
          Hapus Remix
        </Button>
      ) : null}
    </fieldset>
  );
}
