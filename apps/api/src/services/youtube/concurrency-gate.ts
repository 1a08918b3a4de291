/**
 * At most `limit` at once in this process (per key when one is given); `tryEnter` answers at
 * once instead of queueing, so a busy server says 429 rather than holding requests open.
 */
export interface ConcurrencyGate {
  /** A release function, or undefined when the gate is full. */
  tryEnter(key?: string): (() => void) | undefined;
}

export function createConcurrencyGate(limit: number): ConcurrencyGate {
  const active = new Map<string, number>();
  return {
    tryEnter(key = '') {
      const count = active.get(key) ?? 0;
      if (count >= limit) return undefined;
      active.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (active.get(key) ?? 1) - 1;
        if (left <= 0) active.delete(key);
        else active.set(key, left);
      };
    },
  };
}
