export * from './users.ts';
export * from './worker-heartbeats.ts';
export * from './maintenance-runs.ts';
export * from './login-attempts.ts';
