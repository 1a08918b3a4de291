// Create, list and revoke personal API tokens (the members' own, and any for admins).
import {
  EXTENSION_TOKEN_DAYS,
  EXTENSION_TOKEN_NAME,
  MAX_API_TOKENS_PER_MEMBER,
  MAX_EXTENSION_TOKENS_PER_MEMBER,
  type AdminApiToken,
  type ApiToken,
  type CreateApiTokenBody,
  type CreateApiTokenResponse,
} from '@scrapper/contracts/http/me-tokens';
import type { Pagination } from '@scrapper/contracts/common';
import { paginationOf } from '@scrapper/contracts/common';
import type { Db } from '@scrapper/db/client';
import {
  insertApiToken,
  insertExtensionToken,
  listApiTokens,
  listOwnApiTokens,
  revokeApiToken as revokeApiTokenRow,
  type ApiTokenWithOwnerRow,
} from '@scrapper/db/queries/api-tokens';
import type { ApiTokenRow } from '@scrapper/db/schema';
import { conflict, notFound } from '../../lib/errors.ts';
import { displayPrefixOf, generateApiTokenSecret, hashApiTokenSecret } from './api-token-secret.ts';

const NOT_FOUND = 'Token API tidak ditemukan atau sudah dicabut.';

export function toApiTokenDto(row: ApiTokenRow, now = Date.now()): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
  };
}

function toAdminApiTokenDto(row: ApiTokenWithOwnerRow): AdminApiToken {
  return { ...toApiTokenDto(row), owner: { id: row.ownerId, username: row.ownerUsername } };
}

export async function createApiToken(db: Db, ownerId: string, body: CreateApiTokenBody): Promise<CreateApiTokenResponse> {
  const secret = generateApiTokenSecret();
  const row = await insertApiToken(
    db,
    {
      ownerId,
      name: body.name,
      scope: body.scope,
      tokenHash: hashApiTokenSecret(secret),
      prefix: displayPrefixOf(secret),
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    },
    MAX_API_TOKENS_PER_MEMBER,
  );
  if (!row) {
    throw conflict(
      `Anda sudah punya ${MAX_API_TOKENS_PER_MEMBER} token API aktif (batas maksimal). Cabut token yang tidak dipakai lalu coba lagi.`,
    );
  }
  return { token: toApiTokenDto(row), secret };
}

/**
 * The browser extension's token (scope `cookies`, EXTENSION_TOKEN_DAYS days): made when the web
 * app sees the extension, instead of handing it the session. Older extension tokens beyond
 * MAX_EXTENSION_TOKENS_PER_MEMBER are revoked in the same transaction.
 */
export async function createExtensionToken(
  db: Db,
  owner: { id: string; username: string },
): Promise<CreateApiTokenResponse & { username: string }> {
  const secret = generateApiTokenSecret();
  const { row } = await insertExtensionToken(
    db,
    {
      ownerId: owner.id,
      name: EXTENSION_TOKEN_NAME,
      tokenHash: hashApiTokenSecret(secret),
      prefix: displayPrefixOf(secret),
      expiresAt: new Date(Date.now() + EXTENSION_TOKEN_DAYS * 86_400_000),
    },
    MAX_EXTENSION_TOKENS_PER_MEMBER,
  );
  return { token: toApiTokenDto(row), secret, username: owner.username };
}

export async function listOwnTokens(
  db: Db,
  ownerId: string,
  page: { offset: number; limit: number; scope?: ApiToken['scope'] | undefined },
): Promise<{ tokens: ApiToken[]; pagination: Pagination }> {
  const { rows, total } = await listOwnApiTokens(db, ownerId, page);
  return { tokens: rows.map((r) => toApiTokenDto(r)), pagination: paginationOf(page, rows.length, total) };
}

export async function listAllTokens(
  db: Db,
  query: { offset: number; limit: number; userId?: string | undefined },
): Promise<{ tokens: AdminApiToken[]; pagination: Pagination }> {
  const { rows, total } = await listApiTokens(db, { offset: query.offset, limit: query.limit, ownerId: query.userId });
  return { tokens: rows.map(toAdminApiTokenDto), pagination: paginationOf(query, rows.length, total) };
}

/** Revokes the owner's own token (ownerId given) or any token (admins). */
export async function revokeToken(db: Db, id: string, ownerId?: string): Promise<{ id: string; revokedAt: string }> {
  const row = await revokeApiTokenRow(db, id, ownerId);
  if (!row?.revokedAt) throw notFound(NOT_FOUND);
  return { id: row.id, revokedAt: row.revokedAt.toISOString() };
}
