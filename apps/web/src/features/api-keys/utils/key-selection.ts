import type { ApiKey } from '@scrapper/contracts/http/keys';
import type { BadgeTone } from '@scrapper/ui/badge';

export interface KeySelection {
  selectedId: string | null;
  /** A key to make active on the server: set when keys exist but none is active. */
  activate: string | null;
}

/**
 * Spec part 2, section 4: on loading, the active key is selected; if none is active and
 * keys exist, the first is selected and set active on the server.
 */
export function initialKeySelection(keys: ApiKey[]): KeySelection {
  const active = keys.find((key) => key.isActive);
  if (active) return { selectedId: active.id, activate: null };
  const first = keys[0];
  return first
    ? { selectedId: first.id, activate: first.id }
    : { selectedId: null, activate: null };
}

/** After the server made `activeId` the one active key of its type. */
export function withActiveKey(keys: ApiKey[], active: ApiKey): ApiKey[] {
  return keys.map((key) => (key.id === active.id ? active : { ...key, isActive: false }));
}

export type KeyValidity = ApiKey['status'];

export function keyValidity(key: Pick<ApiKey, 'status'>): KeyValidity {
  return key.status;
}

export const KEY_VALIDITY_LABELS: Record<KeyValidity, string> = {
  valid: 'Valid',
  /** Only when the service said the key is wrong. */
  invalid: 'Tidak valid',
  /** The last check could not run (the service unreachable or failing): no verdict. */
  unavailable: 'Belum dapat dicek',
  unchecked: 'Belum dicek',
};

/** The badge each verdict wears: green valid, red invalid, amber when no check could run. */
export const KEY_VALIDITY_TONES: Record<KeyValidity, BadgeTone> = {
  valid: 'success',
  invalid: 'danger',
  unavailable: 'warning',
  unchecked: 'neutral',
};
