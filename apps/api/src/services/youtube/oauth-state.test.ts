import { describe, expect, it } from 'vitest';
import { createStateSigner } from './oauth-state.ts';

const id = '7d3c4a8e-1f2b-4c5d-9e6f-0a1b2c3d4e5f';

describe('OAuth state signature', () => {
  it('verifies its own states and returns the id', () => {
    const signer = createStateSigner('s'.repeat(40));
    expect(signer.verify(signer.sign(id))).toBe(id);
  });

  it('refuses states signed with another secret, altered, or malformed', () => {
    const signer = createStateSigner('s'.repeat(40));
    const other = createStateSigner('t'.repeat(40)).sign(id);
    expect(signer.verify(other)).toBeUndefined();
    const good = signer.sign(id);
    const otherId = '8d3c4a8e-1f2b-4c5d-9e6f-0a1b2c3d4e5f';
    expect(signer.verify(`${otherId}${good.slice(id.length)}`)).toBeUndefined();
    expect(signer.verify(`${good}x`)).toBeUndefined();
    expect(signer.verify(id)).toBeUndefined();
    expect(signer.verify(`${id}.`)).toBeUndefined();
    expect(signer.verify('not-a-uuid.abc')).toBeUndefined();
    expect(signer.verify('')).toBeUndefined();
  });
});
