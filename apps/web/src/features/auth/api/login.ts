import { authEndpoints } from '@scrapper/contracts/http/auth';
import type { LoginBody, LoginResponse } from '@scrapper/contracts/http/auth';
import { call } from '@/lib/api-client.ts';

export function login(body: LoginBody): Promise<LoginResponse> {
  return call(authEndpoints.login, { body });
}
