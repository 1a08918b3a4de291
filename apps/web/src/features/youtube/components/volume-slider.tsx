import { useId } from 'react';
import { roundToStep, volumeLabel } from '../utils/remix-values.ts';

export interface VolumeSliderProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  hint?: string;
  disabled?: boolean;
}

/**
 * A native range input (arrow keys, Page Up/Down, Home/End work as usual) with its value
 * written beside it and read out as the same words.
 */
export function VolumeSlider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  hint,
  disabled = false,
}: VolumeSliderProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const text = volumeLabel(value);
  return (
    <div className="ui-field yt-slider">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="yt-slider__row">
        <input
          id={id}
          type="range"
          className="yt-slider__input"
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-valuetext={text}
          aria-describedby={hintId}
          onChange={(event) => onChange(roundToStep(Number(event.target.value)))}
        />
        <output className="yt-slider__value" htmlFor={id}>
          {text}
        </output>
      </div>
      {hint ? (
        <span id={hintId} className="ui-field__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
