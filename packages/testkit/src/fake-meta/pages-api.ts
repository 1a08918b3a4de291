// `/me`, `/me/accounts` (the Pages a user manages, a Page token each, with the linked
// Instagram professional account) and who may act for which Page or Instagram account.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../fake-apify/http-io.ts';
import { fieldsOf, lacksPermission, sendGraphError } from './graph-io.ts';
import { issuePageToken } from './oauth.ts';
import type { FakeMetaState, FakePage, FakeMetaUser, TokenGrant } from './state.ts';

export interface GraphContext {
  state: FakeMetaState;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: URLSearchParams;
  grant: TokenGrant;
  /** Where rupload answers (`{origin}/rupload`) and the Graph version, for upload URLs. */
  uploadBaseUrl: string;
}

export function handleMe(ctx: GraphContext): void {
  const { state, res, grant } = ctx;
  const user = state.users.get(grant.userId);
  if (grant.kind === 'page') {
    const page = user?.pages.find((p) => p.id === grant.pageId);
    sendJson(res, 200, { id: page?.id, name: page?.name });
    return;
  }
  sendJson(res, 200, { id: user?.id, name: user?.name });
}

export function handleAccounts(ctx: GraphContext): void {
  const { state, res, grant, params, url } = ctx;
  if (grant.kind !== 'user') {
    sendGraphError(res, {
      message: '(#100) Tried accessing nonexisting field (accounts) on node type (Page)',
      code: 100,
    });
    return;
  }
  if (lacksPermission(res, grant, ['pages_show_list'], 200)) return;
  const user = state.users.get(grant.userId);
  const pages = user?.pages ?? [];
  const limit = Math.min(
    Math.max(Number(params.get('limit') ?? state.pageSize) || state.pageSize, 1),
    100,
  );
  const after = params.get('after');
  const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) + 1 : 0;
  if (!Number.isSafeInteger(start) || start < 0) {
    sendGraphError(res, { message: '(#100) Invalid cursor', code: 100 });
    return;
  }
  const slice = pages.slice(start, start + limit);
  const fields = fieldsOf(params.get('fields') ?? 'access_token,category,name,id,tasks');
  const data = slice.map((page) => pageJson(state, grant, page, fields));
  const cursor = (index: number): string => Buffer.from(String(index)).toString('base64url');
  const paging: Record<string, unknown> = {};
  if (slice.length > 0) {
    paging.cursors = { before: cursor(start), after: cursor(start + slice.length - 1) };
    if (start + slice.length < pages.length) {
      const next = new URL(url);
      next.searchParams.set('after', cursor(start + slice.length - 1));
      next.searchParams.set('limit', String(limit));
      paging.next = next.toString();
    }
  }
  sendJson(res, 200, { data, paging });
}

function pageJson(
  state: FakeMetaState,
  grant: TokenGrant,
  page: FakePage,
  fields: Map<string, string[]>,
): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  if (fields.has('id')) json.id = page.id;
  if (fields.has('name')) json.name = page.name;
  if (fields.has('category')) json.category = 'Creator';
  if (fields.has('tasks'))
    json.tasks = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MODERATE', 'MANAGE'];
  if (fields.has('access_token')) json.access_token = issuePageToken(state, grant, page.id);
  const igFields = fields.get('instagram_business_account');
  if (igFields && page.instagram) {
    const wanted = igFields.length > 0 ? igFields : ['id'];
    const ig: Record<string, unknown> = {};
    if (wanted.includes('id')) ig.id = page.instagram.id;
    if (wanted.includes('username')) ig.username = page.instagram.username;
    json.instagram_business_account = ig;
  }
  return json;
}

type Owner = { user: FakeMetaUser; page: FakePage };

function ownerWhere(state: FakeMetaState, matches: (page: FakePage) => boolean): Owner | undefined {
  for (const user of state.users.values()) {
    const page = user.pages.find(matches);
    if (page) return { user, page };
  }
  return undefined;
}

export const ownerOfPage = (state: FakeMetaState, pageId: string): Owner | undefined =>
  ownerWhere(state, (page) => page.id === pageId);

export const ownerOfInstagram = (state: FakeMetaState, igUserId: string): Owner | undefined =>
  ownerWhere(state, (page) => page.instagram?.id === igUserId);

/** A Page token of that Page, or a user token of someone who manages it. */
export function mayActFor(
  grant: TokenGrant,
  owner: { user: FakeMetaUser; page: FakePage },
): boolean {
  if (grant.kind === 'page') return grant.pageId === owner.page.id;
  return grant.userId === owner.user.id;
}

/** Graph's answer for an id the token may not see (or that does not exist). */
export function sendUnknownObject(res: ServerResponse, id: string): void {
  sendGraphError(res, {
    message: `Unsupported request - method type: get. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    subcode: 33,
  });
}
