import { Spinner } from '@scrapper/ui/spinner';

/** Shown while the session or a page's code is loading (spec: the text 'Memuat...'). */
export function LoadingScreen() {
  return (
    <div className="loading-screen">
      <Spinner label="Memuat..." showLabel />
    </div>
  );
}
