import { describe, expect, it, vi } from 'vitest';
import { choiceBinder, fieldBinder } from './bind-field.ts';

type Unit = 'hours' | 'minutes';
interface Values {
  title: string;
  unit: Unit;
}
const isUnit = (value: string): value is Unit => value === 'hours' || value === 'minutes';

describe('form binders', () => {
  it('binds a text field: value, error, id, and every change', () => {
    const update = vi.fn();
    const field = fieldBinder<Values, { id: string }>(
      { title: 'Judul', unit: 'hours' },
      { title: 'Wajib' },
      update,
      (name) => ({ id: `f-${name}` }),
    );
    const bound = field('title');
    expect(bound).toMatchObject({ id: 'f-title', value: 'Judul', error: 'Wajib' });
    bound.onChange({ target: { value: 'Baru' } });
    expect(update).toHaveBeenCalledWith('title', 'Baru');
  });

  it('binds a choice field: sets only a value among its choices', () => {
    const update = vi.fn();
    const choice = choiceBinder<Values, { id: string }>(
      { title: '', unit: 'hours' },
      {},
      update,
      (name) => ({ id: `f-${name}` }),
    );
    const bound = choice('unit', isUnit);
    expect(bound).toMatchObject({ id: 'f-unit', value: 'hours', error: undefined });
    bound.onChange({ target: { value: 'days' } });
    expect(update).not.toHaveBeenCalled();
    bound.onChange({ target: { value: 'minutes' } });
    expect(update).toHaveBeenCalledWith('unit', 'minutes');
  });
});
