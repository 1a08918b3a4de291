// Some raw items have a URL but no id field the mapping can find. The video item still
// needs an id that stays the same across runs (downloads and history refer to it), so it is
// derived from the URL: the same URL always gives the same id, in the browser and on Node.

const FNV_OFFSET_BASIS = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** The prefix marks ids that were derived rather than given by the platform. */
export const DERIVED_ID_PREFIX = 'url-';

/**
 * `url-` followed by the 64-bit FNV-1a hash of the URL's UTF-16 code units, as 16 hex
 * digits. Not a security hash: it only has to be stable and spread well, and it needs no
 * crypto API (this module runs in the browser and on Node without I/O).
 */
export function stableIdFromUrl(url: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (let index = 0; index < url.length; index += 1) {
    hash ^= BigInt(url.charCodeAt(index));
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return `${DERIVED_ID_PREFIX}${hash.toString(16).padStart(16, '0')}`;
}
