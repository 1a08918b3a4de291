import { authEndpoints } from './auth.ts';
import { systemEndpoints } from './system.ts';
import { userEndpoints } from './users.ts';

export * from './endpoint.ts';

/** Every HTTP endpoint of the product, grouped by resource. */
export const endpoints = {
  auth: authEndpoints,
  users: userEndpoints,
  system: systemEndpoints,
};
