// Download times are shown in Jakarta time, the same days the history's date filter uses
// (the server reads yyyy-MM-dd as Jakarta days), so an item filtered as 'today' also says
// today whatever the browser's own zone is.

const dateTime = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});

/** An ISO instant as '5 Jan 2025, 14.30' (Jakarta time); '' for a value that is no date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTime.format(date);
}
