import type { CreateUserBody, User } from '@scrapper/contracts/http/users';
import type { Db } from '@scrapper/db/client';
import { insertUser } from '@scrapper/db/queries/users';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { toUserDto } from './to-user-dto.ts';

export async function createUser(db: Db, body: CreateUserBody): Promise<User> {
  const row = await insertUser(db, {
    username: body.username,
    passwordHash: await hashPassword(body.password),
    role: body.role,
  });
  if (!row) throw conflict(`Username "${body.username}" sudah digunakan.`);
  return toUserDto(row);
}
