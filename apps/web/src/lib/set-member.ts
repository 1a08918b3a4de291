/** A copy of `set` with `value` in it (`present`) or not: for state sets of busy or chosen ids. */
export function withMember<T>(set: ReadonlySet<T>, value: T, present: boolean): Set<T> {
  const next = new Set(set);
  if (present) next.add(value);
  else next.delete(value);
  return next;
}
