import { describe, expect, it } from 'vitest';
import { createConcurrencyGate } from './concurrency-gate.ts';

describe('concurrency gate', () => {
  it('lets `limit` in per key, refuses the next, and frees a place on release (once)', () => {
    const gate = createConcurrencyGate(2);
    const a = gate.tryEnter('alice');
    const b = gate.tryEnter('alice');
    expect(a && b).toBeTruthy();
    expect(gate.tryEnter('alice')).toBeUndefined();
    expect(gate.tryEnter('bob')).toBeDefined();
    a?.();
    a?.();
    expect(gate.tryEnter('alice')).toBeDefined();
    expect(gate.tryEnter('alice')).toBeUndefined();
  });
});
