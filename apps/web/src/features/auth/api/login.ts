import { endpoints } from '@scrapper/contracts/http';
import type { LoginBody, LoginResponse } from '@scrapper/contracts/http/auth';
import { call } from '@/lib/api-client.ts';

export function login(body: LoginBody): Promise<LoginResponse> {
  return call(endpoints.auth.login, { body });
}
