// Selection rules of the video table. The selection belongs to one result file (spec:
// changing the file clears it). Items the hide-filters hide keep their check mark but do not
// count: the button, 'select all' and the download act on what is shown, so nothing hidden
// is downloaded by surprise, and showing the items again brings their marks back.

export interface Selection {
  fileName: string | null;
  ids: ReadonlySet<string>;
}

const EMPTY: ReadonlySet<string> = new Set();

export function emptySelection(fileName: string | null): Selection {
  return { fileName, ids: EMPTY };
}

/** The ids selected for `fileName`; none when the selection was made in another file. */
export function idsFor(selection: Selection, fileName: string | null): ReadonlySet<string> {
  return selection.fileName === fileName ? selection.ids : EMPTY;
}

/** The selected ids among the shown ones, in table order, each once. */
export function selectedVisible(selected: ReadonlySet<string>, visibleIds: readonly string[]) {
  return [...new Set(visibleIds.filter((id) => selected.has(id)))];
}

export type SelectAllState = 'none' | 'some' | 'all';

/** The header checkbox: checked, mixed or clear, over the shown items. */
export function selectAllState(
  selected: ReadonlySet<string>,
  visibleIds: readonly string[],
): SelectAllState {
  if (visibleIds.length === 0) return 'none';
  const count = visibleIds.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === visibleIds.length ? 'all' : 'some';
}

/** 'Select all': clears the shown items when all are selected, else selects them all. */
export function toggleAll(
  selected: ReadonlySet<string>,
  visibleIds: readonly string[],
): Set<string> {
  const next = new Set(selected);
  if (selectAllState(selected, visibleIds) === 'all') {
    for (const id of visibleIds) next.delete(id);
  } else {
    for (const id of visibleIds) next.add(id);
  }
  return next;
}

export function toggleOne(selected: ReadonlySet<string>, id: string, checked: boolean) {
  const next = new Set(selected);
  if (checked) next.add(id);
  else next.delete(id);
  return next;
}
