import { useState } from 'react';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import { TextInput, type TextInputProps } from './text-input.tsx';

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'around'> {
  /** Accessible name of the reveal toggle. */
  revealLabel?: string;
}

/** A password field with a toggle that reveals what was typed (helps on phone keyboards). */
export function PasswordInput({ revealLabel = 'Tampilkan password', ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...rest}
      type={visible ? 'text' : 'password'}
      around={(input, inputId) => (
        <div className="ui-password">
          {input}
          <Button
            iconOnly
            aria-label={revealLabel}
            aria-pressed={visible}
            aria-controls={inputId}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'eye-off' : 'eye'} />
          </Button>
        </div>
      )}
    />
  );
}
