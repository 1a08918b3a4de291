import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input.tsx';
import { TextInput } from './text-input.tsx';

describe('form fields', () => {
  it('links the label and describes the input by its hint and error', () => {
    render(
      <TextInput label="Username" hint="3-32 karakter" error="Username wajib diisi." required />,
    );
    const input = screen.getByRole('textbox', { name: /Username/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
      '3-32 karakter',
      'Username wajib diisi.',
    ]);
  });

  it('has no aria-describedby or aria-invalid when there is nothing to say', () => {
    render(<TextInput label="Username" />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('reveals the password with a pressed toggle', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Tampilkan password' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(input.getAttribute('type')).toBe('text');
  });
});
