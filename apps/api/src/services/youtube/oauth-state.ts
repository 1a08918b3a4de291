// The OAuth `state` is `<stateId>.<signature>`: the id of a single-use oauth_states row and an
// HMAC of it, so a state nobody issued is refused before the database is asked.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const SIGNATURE_BYTES = 32;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StateSigner {
  sign(stateId: string): string;
  /** The state id when the signature is ours, else undefined. */
  verify(state: string): string | undefined;
}

/** A key of its own for states, derived from the JWT secret (a state is no login token). */
export function createStateSigner(jwtSecret: string): StateSigner {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'scrapper', 'youtube-oauth-state', 32));
  const mac = (stateId: string) => createHmac('sha256', key).update(stateId).digest();
  return {
    sign: (stateId) => `${stateId}.${mac(stateId).toString('base64url')}`,
    verify(state) {
      const dot = state.indexOf('.');
      if (dot < 0) return undefined;
      const stateId = state.slice(0, dot);
      if (!UUID.test(stateId)) return undefined;
      const given = Buffer.from(state.slice(dot + 1), 'base64url');
      if (given.length !== SIGNATURE_BYTES) return undefined;
      return timingSafeEqual(given, mac(stateId)) ? stateId : undefined;
    },
  };
}
