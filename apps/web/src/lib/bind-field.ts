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

/**
 * A form's fixed-choice fields by name, for a Select: `<Select label="Privasi" options={PRIVACY}
 * {...choice('privacy', isPrivacy)} />` gives its value, error and a change handler that sets
 * only a value `isChoice` accepts, plus what `handle` adds (its DOM id).
 */
export function choiceBinder<V, H extends object = object>(
  values: V,
  errors: { readonly [key: string]: string | undefined },
  update: <K extends keyof V>(name: K, value: V[K]) => void,
  handle?: (name: keyof V & string) => H,
): <K extends keyof V & string>(
  name: K,
  isChoice: (value: string) => value is Extract<V[K], string>,
) => BoundField & Partial<H> {
  return (name, isChoice) => {
    const bound: BoundField = {
      value: String(values[name]),
      error: errors[name],
      onChange: (event) => {
        const value = event.target.value;
        if (isChoice(value)) update(name, value);
      },
    };
    const extra: Partial<H> = handle ? handle(name) : {};
    return { ...extra, ...bound };
  };
}
