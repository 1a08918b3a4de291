/**
 * The key "hide duplicates" compares titles by: trimmed and lower-cased (Indonesian rules).
 * The downloader's filters in the browser and the server's result-item index use this one
 * rule, so a title the table calls a duplicate is one the server hides too. An empty key is
 * never anyone's duplicate: there is nothing to compare.
 */
export function titleKey(title: string): string {
  return title.trim().toLocaleLowerCase('id-ID');
}
