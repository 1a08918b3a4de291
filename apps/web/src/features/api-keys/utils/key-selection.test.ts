import type { ApiKey } from '@scrapper/contracts/http/keys';
import { describe, expect, it } from 'vitest';
import {
  initialKeySelection,
  KEY_VALIDITY_LABELS,
  KEY_VALIDITY_TONES,
  keyValidity,
  withActiveKey,
} from './key-selection.ts';

function key(id: string, isActive: boolean, isValid: boolean | null = null): ApiKey {
  return {
    id,
    type: 'apify',
    key: `…${id.padStart(4, '0')}`,
    label: null,
    isActive,
    isValid,
    status: isValid === true ? 'valid' : isValid === false ? 'invalid' : 'unchecked',
    lastValidated: null,
    validationMessage: null,
    validationDetail: null,
    model: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

describe('key selection on load', () => {
  it('selects the active key', () => {
    expect(initialKeySelection([key('a', false), key('b', true)])).toEqual({
      selectedId: 'b',
      activate: null,
    });
  });

  it('selects the first key and asks to activate it when none is active', () => {
    expect(initialKeySelection([key('a', false), key('b', false)])).toEqual({
      selectedId: 'a',
      activate: 'a',
    });
  });

  it('selects nothing when there are no keys', () => {
    expect(initialKeySelection([])).toEqual({ selectedId: null, activate: null });
  });
});

describe('key states', () => {
  it('keeps exactly one active key after set-active', () => {
    const keys = withActiveKey([key('a', true), key('b', false)], key('b', true));
    expect(keys.map((k) => [k.id, k.isActive])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('reads validity as valid, invalid or unchecked', () => {
    expect(keyValidity({ status: 'valid' })).toBe('valid');
    expect(keyValidity({ status: 'invalid' })).toBe('invalid');
    expect(keyValidity({ status: 'unchecked' })).toBe('unchecked');
  });

  it('says "Tidak valid" only for a key the service refused, "Belum dapat dicek" for a check that could not run', () => {
    expect(KEY_VALIDITY_LABELS).toEqual({ valid: 'Valid', invalid: 'Tidak valid', unavailable: 'Belum dapat dicek', unchecked: 'Belum dicek' });
    expect(KEY_VALIDITY_LABELS[keyValidity({ status: 'unavailable' })]).toBe('Belum dapat dicek');
    // On the ui Badge: the colours the verdicts had as coloured words.
    expect(KEY_VALIDITY_TONES).toEqual({ valid: 'success', invalid: 'danger', unavailable: 'warning', unchecked: 'neutral' });
  });
});
