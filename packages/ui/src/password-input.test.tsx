import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input.tsx';

describe('PasswordInput', () => {
  it('is a labelled, described text field whose toggle reveals and hides what was typed', () => {
    render(<PasswordInput label="Password" hint="Minimal 8 karakter" error="Password salah" required />);
    const field = screen.getByLabelText(/^Password/);
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'Tampilkan password' });
    expect(toggle.getAttribute('aria-controls')).toBe(field.id);
    fireEvent.click(toggle);
    expect(field.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(field.getAttribute('type')).toBe('password');
  });
});
