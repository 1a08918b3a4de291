export * from './users.ts';
export * from './worker-heartbeats.ts';
export * from './maintenance-runs.ts';
export * from './login-attempts.ts';
export * from './actor-configs.ts';
export * from './cookie-sets.ts';
export * from './api-keys.ts';
export * from './scrape-tasks.ts';
