import type { VideoEffectName } from '@scrapper/contracts/http/youtube-uploads';
import { isVideoEffect } from '@scrapper/contracts/rules/video-effects';
import { Alert } from '@scrapper/ui/alert';
import { Button } from '@scrapper/ui/button';
import { Select } from '@scrapper/ui/select';
import { Spinner } from '@scrapper/ui/spinner';
import { useEffect, useId } from 'react';
import { useEffectPreview } from '../hooks/use-effect-preview.ts';
import { VIDEO_EFFECT_LABELS, VIDEO_EFFECT_OPTIONS } from '@/lib/youtube-choices.ts';
import { PREVIEW_HINTS, previewAvailability } from '../utils/video-effects.ts';

export interface EffectPreviewProps {
  videoFile: File | null;
  effect: VideoEffectName;
  onEffectChange: (effect: VideoEffectName) => void;
}

/**
 * The video effect and its preview: the server applies the effect to a short clip of the
 * chosen file. Only for a file uploaded here and an effect other than none (spec section 2).
 */
export function EffectPreview({ videoFile, effect, onEffectChange }: EffectPreviewProps) {
  const { state, run, clear } = useEffectPreview();
  const hintId = useId();
  const availability = previewAvailability(videoFile, effect);

  // A preview of another file or effect would mislead: drop it when either changes.
  useEffect(() => {
    clear();
  }, [videoFile, effect, clear]);

  return (
    <fieldset className="form-fieldset yt-effect">
      <legend>Efek video</legend>
      <div className="yt-inline-action">
        <Select
          label="Efek video"
          options={VIDEO_EFFECT_OPTIONS}
          value={effect}
          onChange={(event) => {
            if (isVideoEffect(event.target.value)) onEffectChange(event.target.value);
          }}
        />
        <Button
          onClick={() => {
            if (videoFile && availability === 'ready') void run(videoFile, effect);
          }}
          disabled={availability !== 'ready'}
          loading={state.status === 'loading'}
          aria-describedby={hintId}
        >
          Preview Efek
        </Button>
      </div>
      <p id={hintId} className="ui-field__hint yt-effect__hint">
        {PREVIEW_HINTS[availability]}
      </p>
      {state.status === 'loading' ? (
        <Spinner label="Membuat preview efek... (bisa beberapa detik)" showLabel />
      ) : null}
      {state.status === 'error' ? <Alert tone="danger">{state.message}</Alert> : null}
      {state.status === 'ready' ? (
        <div className="preview-box yt-effect__preview">
          <video
            className="preview-box__video"
            src={state.url}
            controls
            playsInline
            aria-label={`Preview efek ${VIDEO_EFFECT_LABELS[state.effect]}`}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
