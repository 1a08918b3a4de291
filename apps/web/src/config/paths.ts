/** Every route of the app (hash routing: these are the parts after `#`). */
export const paths = {
  login: '/login',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  dataDeletion: '/data-deletion',
  scraper: '/',
  youtube: '/youtube',
  publish: '/publish',
  automations: '/automations',
  downloader: '/downloader',
  history: '/history',
  files: '/files',
  analytics: '/analytics',
  extension: '/extension',
  webhooks: '/webhooks',
  apiTokens: '/api-tokens',
  admin: '/admin',
} as const;
