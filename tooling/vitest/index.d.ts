import type { UserConfig } from 'vitest/config';

export declare const base: UserConfig;
export declare function createVitestConfig(overrides?: UserConfig): UserConfig;
export declare function unisolatedForks(forks: number): { isolate: false; maxWorkers: number; minWorkers: number };
