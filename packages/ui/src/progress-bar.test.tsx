import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar.tsx';

describe('ProgressBar', () => {
  it('exposes its value, bounds and label', () => {
    render(<ProgressBar label="Mengunduh" value={30} max={60} />);
    const bar = screen.getByRole('progressbar', { name: 'Mengunduh' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuemax')).toBe('60');
    expect(bar.getAttribute('aria-valuetext')).toBe('50%');
  });

  it('clamps values outside the range and leaves out the value when unknown', () => {
    const { rerender } = render(<ProgressBar label="Proses" value={250} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    rerender(<ProgressBar label="Proses" />);
    expect(screen.getByRole('progressbar').hasAttribute('aria-valuenow')).toBe(false);
  });
});
