import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NewTokenSecret } from './new-token-secret.tsx';

const created = {
  secret: `scr_${'Q'.repeat(43)}`,
  token: {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'n8n harian',
    scope: 'read' as const,
    prefix: 'scr_QQQQ',
    createdAt: '2026-11-29T00:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    expired: false,
  },
};

describe('NewTokenSecret', () => {
  it('puts the whole token into the curl example while it is shown (issue 31 item 10), not a prefix to edit', () => {
    render(<NewTokenSecret created={created} onDone={vi.fn()} />);
    const example = screen.getByText((text) => text.startsWith('curl '));
    expect(example.textContent).toBe(`curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}/api/auth/me`);
    expect(example.textContent).not.toContain('…');
  });
});
