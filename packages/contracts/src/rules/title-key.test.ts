import { describe, expect, it } from 'vitest';
import { titleKey } from './title-key.ts';

describe('titleKey', () => {
  it('ignores surrounding spaces and letter case', () => {
    expect(titleKey('  Kucing Lucu ')).toBe('kucing lucu');
    expect(titleKey('KUCING LUCU')).toBe(titleKey('kucing lucu'));
  });
  it('keeps inner differences and gives empty titles an empty key', () => {
    expect(titleKey('kucing  lucu')).not.toBe(titleKey('kucing lucu'));
    expect(titleKey('   ')).toBe('');
  });
});
