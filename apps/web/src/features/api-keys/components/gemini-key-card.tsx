import {
  addGeminiKey,
  listGeminiKeys,
  removeGeminiKey,
  setActiveGeminiKey,
  validateGeminiKey,
} from '../api.ts';
import type { ApiKeyOperations } from '../utils/key-operations.ts';
import { ApiKeyCard } from './api-key-card.tsx';

const geminiOperations: ApiKeyOperations = {
  list: listGeminiKeys,
  add: addGeminiKey,
  remove: removeGeminiKey,
  setActive: setActiveGeminiKey,
  validate: validateGeminiKey,
};

/** The gemini card of the API key tab (keys at /api/admin/gemini-keys; used to write titles). */
export function GeminiKeyCard() {
  return (
    <ApiKeyCard
      title="Gemini"
      inputLabel="Kunci API Gemini baru"
      name="gemini"
      emptyText="Belum ada kunci Gemini. Tambahkan satu untuk generate konten dengan AI di halaman YouTube Upload."
      operations={geminiOperations}
    />
  );
}
