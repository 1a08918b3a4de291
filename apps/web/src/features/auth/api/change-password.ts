import { authEndpoints } from '@scrapper/contracts/http/auth';
import type { ChangePasswordBody, LoginResponse } from '@scrapper/contracts/http/auth';
import { call } from '@/lib/api-client.ts';

/** PUT /api/me/password: the answer carries a fresh token (other sessions end). */
export function changePassword(body: ChangePasswordBody): Promise<LoginResponse> {
  return call(authEndpoints.changePassword, { body });
}
