import type { ResultFileSummary } from '@scrapper/contracts/http/media';
import { useEffect, useState } from 'react';
import { isAbortError } from '@/lib/api-error.ts';
import { listResultFiles } from '../api.ts';

export type ChosenFile =
  | { status: 'none' }
  | { status: 'loading'; fileName: string }
  | { status: 'ready'; fileName: string; file: ResultFileSummary | null };

/**
 * The chosen file's summary (its owner, for an admin opening a member's file; its label in
 * the selector). Usually on the selector's loaded page; otherwise (a link with ?file= to an
 * older file, a search that leaves it out) asked for by name. `file` is null when the server
 * knows no such file for the caller.
 */
export function useChosenFile(
  fileName: string | null,
  loaded: readonly ResultFileSummary[],
): ChosenFile {
  const onPage = fileName ? (loaded.find((file) => file.fileName === fileName) ?? null) : null;
  const [looked, setLooked] = useState<{ fileName: string; file: ResultFileSummary | null } | null>(
    null,
  );
  const lookUp = fileName !== null && onPage === null && looked?.fileName !== fileName;

  useEffect(() => {
    if (!lookUp || !fileName) return undefined;
    const controller = new AbortController();
    listResultFiles(
      { username: undefined, search: fileName, offset: 0, limit: 10 },
      controller.signal,
    )
      .then(({ files }) => {
        setLooked({ fileName, file: files.find((file) => file.fileName === fileName) ?? null });
      })
      .catch((error: unknown) => {
        if (isAbortError(error)) return;
        setLooked({ fileName, file: null });
      });
    return () => controller.abort();
  }, [lookUp, fileName]);

  if (!fileName) return { status: 'none' };
  if (onPage) return { status: 'ready', fileName, file: onPage };
  if (looked?.fileName === fileName) return { status: 'ready', fileName, file: looked.file };
  return { status: 'loading', fileName };
}
