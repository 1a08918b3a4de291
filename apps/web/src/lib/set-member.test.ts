import { describe, expect, it } from 'vitest';
import { withMember } from './set-member.ts';

describe('withMember', () => {
  it('adds or removes one value and leaves the given set as it was', () => {
    const set = new Set(['a']);
    expect([...withMember(set, 'b', true)]).toEqual(['a', 'b']);
    expect([...withMember(set, 'a', false)]).toEqual([]);
    expect([...set]).toEqual(['a']);
  });
});
