import {
  addApifyKey,
  listApifyKeys,
  removeApifyKey,
  setActiveApifyKey,
  validateApifyKey,
} from '../api.ts';
import type { ApiKeyOperations } from '../utils/key-operations.ts';
import { ApiKeyCard } from './api-key-card.tsx';

const apifyOperations: ApiKeyOperations = {
  list: listApifyKeys,
  add: addApifyKey,
  remove: removeApifyKey,
  setActive: setActiveApifyKey,
  validate: validateApifyKey,
};

/** The apify card of the API key tab (keys at /api/keys). */
export function ApifyKeyCard() {
  return (
    <ApiKeyCard
      title="Apify"
      inputLabel="Kunci API Apify baru"
      name="apify"
      emptyText="Belum ada kunci Apify. Tambahkan satu untuk mulai scraping."
      operations={apifyOperations}
    />
  );
}
