import { meProfileEndpoints, type Profile } from '@scrapper/contracts/http/me-profile';
import { call } from '@/lib/api-client.ts';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return call(meProfileEndpoints.get, { signal });
}

/** An empty address clears it. */
export function updateProfile(email: string): Promise<Profile> {
  return call(meProfileEndpoints.update, { body: { email } });
}
