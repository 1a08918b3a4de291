import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch.tsx';

describe('Switch', () => {
  it('is a named switch whose state is aria-checked, toggled by click and Space', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    const { rerender } = render(
      <Switch
        label="Aktif"
        checked={false}
        onCheckedChange={onCheckedChange}
        stateLabels={{ on: 'Nyala', off: 'Mati' }}
      />,
    );
    const control = screen.getByRole('switch', { name: 'Aktif' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    await user.click(control);
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    rerender(
      <Switch
        label="Aktif"
        checked
        onCheckedChange={onCheckedChange}
        stateLabels={{ on: 'Nyala', off: 'Mati' }}
      />,
    );
    // The name does not change with the state; the state words are visual only.
    expect(screen.getByRole('switch', { name: 'Aktif' }).getAttribute('aria-checked')).toBe('true');
    control.focus();
    await user.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('ignores clicks while busy', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Switch label="Aktif" hideLabel checked onCheckedChange={onCheckedChange} busy />);
    await user.click(screen.getByRole('switch', { name: 'Aktif' }));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
