import { describe, expect, it } from 'vitest';
import { CreateUserBodySchema, UpdateUserBodySchema } from './users.ts';

describe('user bodies', () => {
  it('rejects a short password on create', () => {
    const r = CreateUserBodySchema.safeParse({ username: 'budi', password: 'short', role: 'user' });
    expect(r.success).toBe(false);
  });
  it('rejects usernames with spaces or slashes', () => {
    for (const username of ['a b', '../x', 'x/y']) {
      expect(CreateUserBodySchema.safeParse({ username, password: 'longenough', role: 'user' }).success).toBe(false);
    }
  });
  it('treats an empty password on update as no change', () => {
    expect(UpdateUserBodySchema.parse({ role: 'admin', password: '' }).password).toBeUndefined();
  });
  it('still validates a non-empty password on update', () => {
    expect(UpdateUserBodySchema.safeParse({ role: 'user', password: 'abc' }).success).toBe(false);
  });
  it('rejects an unknown role', () => {
    expect(UpdateUserBodySchema.safeParse({ role: 'root' }).success).toBe(false);
  });
});
