/** Joins the truthy class names; kept tiny so the kit needs nothing but React. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
