import type { User } from '@scrapper/contracts/http/users';
import type { SessionUser } from '@scrapper/contracts/http/auth';
import type { UserRow } from '@scrapper/db/schema';

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSessionUser(row: UserRow): SessionUser {
  return { id: row.id, username: row.username, role: row.role };
}
