import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs.tsx';

const items = [
  { id: 'users', label: 'Pengguna', content: <p>Panel pengguna</p> },
  { id: 'actors', label: 'Aktor', content: <p>Panel aktor</p> },
  { id: 'cookies', label: 'Cookie', content: <p>Panel cookie</p> },
];

describe('Tabs', () => {
  it('selects the first tab and shows only its panel', () => {
    render(<Tabs items={items} label="Admin" />);
    const first = screen.getByRole('tab', { name: 'Pengguna' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(first.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Aktor' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Pengguna' }).textContent).toBe('Panel pengguna');
    expect(screen.queryByText('Panel aktor')).toBeNull();
  });

  it('moves and selects with the arrow keys, wrapping at the ends, and Home/End', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Tabs items={items} label="Admin" onSelect={onSelect} />);
    await user.click(screen.getByRole('tab', { name: 'Pengguna' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Aktor' }));
    screen.getByText('Panel aktor');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pengguna' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Cookie' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pengguna' }));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Cookie' }).getAttribute('aria-selected')).toBe('true');
    expect(onSelect).toHaveBeenLastCalledWith('cookies');
  });

  it('follows a controlled selection', () => {
    render(<Tabs items={items} label="Admin" selectedId="actors" />);
    expect(screen.getByRole('tab', { name: 'Aktor' }).getAttribute('aria-selected')).toBe('true');
  });
});
