import type { ApiKey } from '@scrapper/contracts/http/keys';

/**
 * The calls behind one key card. Apify keys live at /api/keys, Gemini keys at
 * /api/admin/gemini-keys; the cards behave the same (spec part 2, section 2).
 */
export interface ApiKeyOperations {
  list: (signal?: AbortSignal) => Promise<ApiKey[]>;
  /** Adds and validates at once (the answer carries the verdict). */
  add: (key: string, label?: string) => Promise<ApiKey>;
  remove: (id: string) => Promise<void>;
  setActive: (id: string) => Promise<ApiKey>;
  validate: (id: string) => Promise<ApiKey>;
}
