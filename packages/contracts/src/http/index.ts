import { actorConfigEndpoints } from './actor-configs.ts';
import { authEndpoints } from './auth.ts';
import { cookieEndpoints } from './cookies.ts';
import { fileEndpoints } from './files.ts';
import { apifyKeyEndpoints } from './keys.ts';
import { mediaEndpoints } from './media.ts';
import { scrapeEndpoints } from './scrape.ts';
import { systemEndpoints } from './system.ts';
import { userEndpoints } from './users.ts';

export * from './endpoint.ts';

/** Every HTTP endpoint of the product, grouped by resource. */
export const endpoints = {
  auth: authEndpoints,
  users: userEndpoints,
  system: systemEndpoints,
  scrape: scrapeEndpoints,
  actorConfigs: actorConfigEndpoints,
  cookies: cookieEndpoints,
  apifyKeys: apifyKeyEndpoints,
  media: mediaEndpoints,
  files: fileEndpoints,
};
