import { describe, expect, it } from 'vitest';
import { redirectState, redirectTarget } from './redirect-state.ts';

describe('redirectTarget', () => {
  it('returns the remembered page with its query', () => {
    const state = redirectState({ pathname: '/admin', search: '?tab=cookies', hash: '' });
    expect(redirectTarget(state)).toBe('/admin?tab=cookies');
  });

  it('falls back to the root for missing, malformed or unsafe state', () => {
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget({ from: 'history' })).toBe('/');
    expect(redirectTarget({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/');
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget([{ from: { pathname: '/admin' } }])).toBe('/');
    expect(redirectTarget({ from: { pathname: 'admin' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: 42 } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/admin', search: 1 } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/admin', hash: null } })).toBe('/');
  });

  it('reads a missing query or hash as empty', () => {
    expect(redirectTarget({ from: { pathname: '/history' } })).toBe('/history');
    expect(redirectTarget({ from: { pathname: '/files', hash: '#x' } })).toBe('/files#x');
  });
});
