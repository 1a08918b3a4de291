import { describe, expect, it } from 'vitest';
import { destinationDailyLimit, fitIntoBudget } from './publish-budget.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('fitIntoBudget', () => {
  it('keeps the wanted time while the destination has budget around it', () => {
    const used = [at('2026-03-01T01:00:00Z'), at('2026-03-01T02:00:00Z')];
    expect(fitIntoBudget(at('2026-03-01T05:00:00Z'), used, 5, 7)).toEqual({ at: at('2026-03-01T05:00:00Z'), rolledOver: false });
  });

  it('rolls a destination over its daily limit to the same slot on the next day', () => {
    const wanted = at('2026-03-01T05:00:00Z');
    const used = Array.from({ length: 5 }, (_, i) => new Date(wanted.getTime() - (i + 1) * HOUR));
    expect(fitIntoBudget(wanted, used, 5, 7)).toEqual({ at: at('2026-03-02T05:00:00Z'), rolledOver: true });
  });

  it('counts posts planned after the wanted time too (a rolling day either side)', () => {
    const wanted = at('2026-03-01T05:00:00Z');
    const used = Array.from({ length: 5 }, (_, i) => new Date(wanted.getTime() + (i + 1) * HOUR));
    expect(fitIntoBudget(wanted, used, 5, 7)?.rolledOver).toBe(true);
  });

  it('gives up after maxDays and never limits YouTube here (its quota is planned by planSlots)', () => {
    const wanted = at('2026-03-01T05:00:00Z');
    const used = Array.from({ length: 200 }, (_, i) => new Date(wanted.getTime() + (i - 20) * HOUR));
    expect(fitIntoBudget(wanted, used, 5, 2)).toBeNull();
    expect(destinationDailyLimit('youtube')).toBeNull();
    expect(fitIntoBudget(wanted, used, destinationDailyLimit('youtube'), 2)).toEqual({ at: wanted, rolledOver: false });
    expect(destinationDailyLimit('tiktok')).toBe(5);
    expect(destinationDailyLimit('facebook')).toBe(30);
  });
});
