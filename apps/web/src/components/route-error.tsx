import { Button } from '@scrapper/ui/button';
import { useRouteError } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

/**
 * Last line of defence for a page that throws while rendering or whose code fails to load
 * (typically right after a new version was deployed): say so and offer a reload.
 */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Terjadi Kesalahan');
  // Kept in the console for whoever debugs it; the user gets a plain message.
  console.error(error);
  return (
    <div className="route-error" role="alert">
      <h1>Terjadi Kesalahan</h1>
      <p>Halaman ini tidak dapat ditampilkan. Muat ulang halaman untuk mencoba lagi.</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Muat ulang
      </Button>
    </div>
  );
}
