import { Alert } from '@scrapper/ui/alert';

export interface NotBuiltYetProps {
  /** What is missing, e.g. 'Halaman ini' or 'Fitur ini'. */
  subject?: string;
}

/** Says plainly that a page or tab is not built yet, instead of showing made-up data. */
export function NotBuiltYet({ subject = 'Halaman ini' }: NotBuiltYetProps) {
  return <Alert tone="info">{subject} belum tersedia.</Alert>;
}
