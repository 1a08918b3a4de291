import {
  meTokenEndpoints,
  type CreateApiTokenBody,
  type CreateApiTokenResponse,
} from '@scrapper/contracts/http/me-tokens';
import { call } from '@/lib/api-client.ts';

/** Creates a token; the answer holds its secret, which the server never shows again. */
export async function createToken(body: CreateApiTokenBody): Promise<CreateApiTokenResponse> {
  return call(meTokenEndpoints.create, { body });
}
