// Jakarta time, as the rest of the product shows event times.
const dateTime = new Intl.DateTimeFormat('id-ID', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Jakarta',
});

/** An ISO instant as '29 Sep 2025, 14.05'; '' for a value that is no date. */
export function formatNotificationTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}
