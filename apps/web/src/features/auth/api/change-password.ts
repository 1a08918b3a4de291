import { authEndpoints } from '@scrapper/contracts/http/auth';
import type { ChangePasswordBody, ChangePasswordResponse } from '@scrapper/contracts/http/auth';
import { call } from '@/lib/api-client.ts';

/** PUT /api/me/password: the answer carries a fresh token (other sessions end) and how many personal tokens were revoked. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResponse> {
  return call(authEndpoints.changePassword, { body });
}
