import { meCookieEndpoints } from '@scrapper/contracts/http/me-cookies';
import { fetchFile, type FetchedFile } from '@/lib/fetch-file.ts';

/** The extension zip, already connected to this Scrapper (the server writes its manifest). */
export function fetchExtensionPackage(): Promise<FetchedFile> {
  return fetchFile(meCookieEndpoints.extensionPackage, {});
}
