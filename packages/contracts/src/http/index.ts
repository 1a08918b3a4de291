import { actorConfigEndpoints } from './actor-configs.ts';
import { analyticsEndpoints } from './analytics.ts';
import { automationEndpoints } from './automations.ts';
import { codegenEndpoints } from './codegen.ts';
import { authEndpoints } from './auth.ts';
import { cookieEndpoints } from './cookies.ts';
import { dataDeletionEndpoints } from './data-deletion.ts';
import { eventEndpoints } from './events.ts';
import { fileEndpoints } from './files.ts';
import { apifyKeyEndpoints } from './keys.ts';
import { mediaEndpoints } from './media.ts';
import { meCookieEndpoints } from './me-cookies.ts';
import { meProfileEndpoints } from './me-profile.ts';
import { meTokenEndpoints } from './me-tokens.ts';
import { meWebhookEndpoints } from './me-webhooks.ts';
import { notificationEndpoints } from './notifications.ts';
import { publishConnectEndpoints, publishPostEndpoints } from './publish.ts';
import { scrapeEndpoints } from './scrape.ts';
import { setupEndpoints } from './setup.ts';
import { systemEndpoints } from './system.ts';
import { toolEndpoints } from './tools.ts';
import { userEndpoints } from './users.ts';
import { rateLimitEndpoints } from './rate-limits.ts';
import { youtubeEndpoints } from './youtube.ts';

import { nameEndpoints } from './endpoint.ts';

export * from './endpoint.ts';

/**
 * Every HTTP endpoint of the product, grouped by resource. Each one's operationId in the
 * OpenAPI document is its place here (`scrape.start`: `scrapeStart`).
 */
export const endpoints = nameEndpoints({
  auth: authEndpoints,
  users: userEndpoints,
  system: systemEndpoints,
  scrape: scrapeEndpoints,
  actorConfigs: actorConfigEndpoints,
  cookies: cookieEndpoints,
  meCookies: meCookieEndpoints,
  meProfile: meProfileEndpoints,
  meTokens: meTokenEndpoints,
  meWebhooks: meWebhookEndpoints,
  apifyKeys: apifyKeyEndpoints,
  media: mediaEndpoints,
  files: fileEndpoints,
  notifications: notificationEndpoints,
  events: eventEndpoints,
  automations: automationEndpoints,
  analytics: analyticsEndpoints,
  dataDeletion: dataDeletionEndpoints,
  codegen: codegenEndpoints,
  youtube: youtubeEndpoints,
  publishConnect: publishConnectEndpoints,
  publishPosts: publishPostEndpoints,
  rateLimits: rateLimitEndpoints,
  tools: toolEndpoints,
  setup: setupEndpoints,
});
