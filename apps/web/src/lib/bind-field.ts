/** The keys of `V` that hold free text (a text control can set any string there). */
export type TextKey<V> = {
  [K in keyof V]-?: V[K] extends string ? (string extends V[K] ? K : never) : never;
}[keyof V] &
  string;

export interface BoundField {
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

/**
 * A form's text fields by name: `<TextInput label="Judul" {...field('title')} />` gives the
 * control its value, its error and the change handler, plus what `handle` adds (its DOM id
 * or ref, so that a save with errors can focus it), instead of the same lines at every field
 * of every form.
 */
export function fieldBinder<V, H extends object = object>(
  values: V,
  errors: { readonly [key: string]: string | undefined },
  update: (name: TextKey<V>, value: string) => void,
  handle?: (name: TextKey<V>) => H,
): (name: TextKey<V>) => BoundField & Partial<H> {
  return (name) => {
    const bound: BoundField = {
      value: values[name] as string,
      error: errors[name],
      onChange: (event) => update(name, event.target.value),
    };
    const extra: Partial<H> = handle ? handle(name) : {};
    return { ...extra, ...bound };
  };
}
