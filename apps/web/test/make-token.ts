import type { TokenClaims } from '@scrapper/contracts/http/auth';

export const ADMIN_ID = '8a6e0804-2bd0-4672-b79d-d97027f9071b';
export const USER_ID = '1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with our claims; the web app only decodes tokens, it never verifies them. */
export function makeToken(claims: Partial<TokenClaims> = {}): string {
  const payload: TokenClaims = {
    sub: ADMIN_ID,
    username: 'admin',
    role: 'admin',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return [
    base64Url('{"alg":"HS256","typ":"JWT"}'),
    base64Url(JSON.stringify(payload)),
    'signature',
  ].join('.');
}
