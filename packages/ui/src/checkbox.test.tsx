import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox.tsx';

describe('Checkbox', () => {
  it('is named by its label, visible or not, and toggles from a click on the label', async () => {
    const onChange = vi.fn();
    render(
      <>
        <Checkbox label="Sembunyikan duplikat" checked={false} onChange={onChange} />
        <Checkbox label="Pilih Klip A" hideLabel checked onChange={() => undefined} />
      </>,
    );
    await userEvent.click(screen.getByText('Sembunyikan duplikat'));
    expect(onChange).toHaveBeenCalledTimes(1);
    const rowBox = screen.getByRole('checkbox', { name: 'Pilih Klip A' });
    expect(rowBox instanceof HTMLInputElement && rowBox.checked).toBe(true);
  });

  it('shows the mixed state of a partial selection', () => {
    const { rerender } = render(
      <Checkbox label="Pilih semua" indeterminate checked={false} onChange={() => undefined} />,
    );
    const box = screen.getByRole('checkbox', { name: 'Pilih semua' });
    if (!(box instanceof HTMLInputElement)) throw new Error('not an input');
    expect(box.indeterminate).toBe(true);
    rerender(<Checkbox label="Pilih semua" checked onChange={() => undefined} />);
    expect(box.indeterminate).toBe(false);
  });
});
