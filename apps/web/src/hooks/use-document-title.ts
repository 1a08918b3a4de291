import { useEffect } from 'react';

/** Sets the browser tab title, so history entries and tabs say which page they are. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} - Scrapper`;
  }, [title]);
}
