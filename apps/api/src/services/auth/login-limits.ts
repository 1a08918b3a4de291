// How failed logins are limited (issue 15). Only failures count, so members who log in
// correctly behind one address never use anything up. Unknown browsers (no valid device
// cookie for the username) are held by three rules: failures per address, failures per
// username, and a growing wait between consecutive failures of one username at one address.
// A known device (device-cookie.ts) is held only by its own failures and its own wait, so a
// username locked by guesses from elsewhere still lets its owner in from their browser.
import { findConsecutiveFailures, listFailureTimes, type FailureScope } from '@scrapper/db/queries/login-attempts';
import type { Db } from '@scrapper/db/client';

export interface LoginLimits {
  windowSeconds: number;
  maxFailuresPerIp: number;
  maxFailuresPerUsername: number;
  maxFailuresPerDevice: number;
  /** Consecutive failures answered without a wait. */
  delayAfterFailures: number;
  delayBaseSeconds: number;
  delayMaxSeconds: number;
  deviceCookieDays: number;
}

/** The wait after `failures` consecutive failures: none, then base, doubling up to max. */
export function delaySeconds(failures: number, limits: LoginLimits): number {
  if (failures < limits.delayAfterFailures) return 0;
  const doublings = Math.min(failures - limits.delayAfterFailures, 30);
  return Math.min(limits.delayBaseSeconds * 2 ** doublings, limits.delayMaxSeconds);
}

/** `45 detik`, `3 menit`, `2 jam`: the wait as the login page shows it. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} detik`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} menit`;
  return `${Math.ceil(seconds / 3600)} jam`;
}

interface Attempt {
  id: number;
  ip: string;
  username: string;
  /** Set when the attempt brought a valid device cookie for this username. */
  deviceId: string | undefined;
}

/**
 * Seconds the attempt must wait before its password may be checked, or 0. The attempt's own
 * row is already recorded (as a failure until it succeeds): parallel guesses count each other,
 * so a burst gets no more tries than the limits, and no wait is skipped.
 */
export async function loginWaitSeconds(db: Db, attempt: Attempt, limits: LoginLimits, now = Date.now()): Promise<number> {
  const since = new Date(now - limits.windowSeconds * 1000);
  const windowWait = async (scope: FailureScope, max: number): Promise<number> => {
    const times = await listFailureTimes(db, scope, since, max, attempt.id);
    const oldestCounted = times[max - 1];
    // `max` failures already in the window: wait until the oldest of them leaves it.
    if (!oldestCounted) return 0;
    return Math.max(1, Math.ceil((oldestCounted.getTime() + limits.windowSeconds * 1000 - now) / 1000));
  };
  const backoffWait = async (scope: FailureScope): Promise<number> => {
    const { count, lastAt } = await findConsecutiveFailures(db, scope, since, attempt.id);
    const wait = delaySeconds(count, limits);
    if (wait === 0 || !lastAt) return 0;
    const left = lastAt.getTime() + wait * 1000 - now;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  };

  const waits = attempt.deviceId
    ? [
        windowWait({ username: attempt.username, deviceId: attempt.deviceId }, limits.maxFailuresPerDevice),
        backoffWait({ username: attempt.username, deviceId: attempt.deviceId }),
      ]
    : [
        windowWait({ ip: attempt.ip }, limits.maxFailuresPerIp),
        windowWait({ username: attempt.username }, limits.maxFailuresPerUsername),
        backoffWait({ username: attempt.username, ip: attempt.ip }),
      ];
  return Math.max(...(await Promise.all(waits)));
}
