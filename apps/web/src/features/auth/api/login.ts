import { authEndpoints } from '@scrapper/contracts/http/auth';
import type { LoginBody, LoginResponse } from '@scrapper/contracts/http/auth';
import { call } from '@/lib/api-client.ts';

/** The login form loads this module when it is first used, and checks its fields with this. */
export { LoginBodySchema } from '@scrapper/contracts/http/auth';

export function login(body: LoginBody): Promise<LoginResponse> {
  return call(authEndpoints.login, { body });
}
