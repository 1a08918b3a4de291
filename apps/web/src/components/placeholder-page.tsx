import { NotBuiltYet } from './not-built-yet.tsx';
import { PageHeader } from './page-header.tsx';

/** A page whose content a later issue builds: its title and a plain 'not yet' notice. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <NotBuiltYet />
    </>
  );
}
