import type { Ref } from 'react';
import { KIDS_OPTIONS } from '@/lib/youtube-choices.ts';
import { RadioGroup } from './radio-group.tsx';

export type MadeForKidsChoice = 'true' | 'false' | '';

export interface MadeForKidsFieldProps {
  value: MadeForKidsChoice;
  error?: string | undefined;
  onChange: (value: 'true' | 'false') => void;
  /** Receives the first radio, to take the focus when the choice is missing. */
  firstRef?: Ref<HTMLInputElement>;
}

/** The made-for-kids declaration YouTube requires of every upload (COPPA). */
export function MadeForKidsField({ value, error, onChange, firstRef }: MadeForKidsFieldProps) {
  return (
    <RadioGroup
      legend="Ditujukan untuk anak-anak?"
      name="madeForKids"
      required
      options={KIDS_OPTIONS}
      value={value}
      error={error}
      hint="Wajib dipilih sesuai aturan YouTube (COPPA)."
      firstRef={firstRef}
      onChange={onChange}
    />
  );
}
