// "Admins see all, members see their own", the rule of every member resource (tasks, files,
// history, uploads, notifications), written once.
import type { SessionUser } from '@scrapper/contracts/http/auth';

/** The owner a caller's lists and look-ups are limited to: null (everyone's) for an admin, else their own id. */
export function ownerScope(user: SessionUser): string | null {
  return user.role === 'admin' ? null : user.id;
}

/** Whether the caller may reach a record of `ownerId`: their own, or anyone's for an admin. */
export function canReach(user: SessionUser, ownerId: string): boolean {
  const scope = ownerScope(user);
  return scope === null || scope === ownerId;
}

/** The owner's username, shown where the caller sees someone else's record (an admin); undefined on their own. */
export function ownerNameFor(user: SessionUser, ownerId: string, ownerUsername: string): string | undefined {
  return ownerId !== user.id && canReach(user, ownerId) ? ownerUsername : undefined;
}
