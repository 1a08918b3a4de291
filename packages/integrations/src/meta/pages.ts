// The Pages a member manages (a Page token each) and the Instagram professional accounts
// linked to them: every one a destination to publish to.
import { graphRequest, type MetaEndpoints } from './http.ts';

export interface MetaDestination {
  platform: 'facebook' | 'instagram';
  /** The Page id, or the Instagram professional account id. */
  remoteId: string;
  /** The Page's name, or the Instagram username. */
  name: string;
  /** The Page (for Instagram: the Page it is linked to). */
  pageId: string;
  /** The Page token: it posts to the Page and to its linked Instagram account. */
  token: string;
}

interface AccountsPage {
  data?: {
    id: string;
    name?: string;
    access_token?: string;
    instagram_business_account?: { id: string; username?: string };
  }[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/** At most this many pages of /me/accounts (2,500 Pages) are read. */
const MAX_PAGES = 100;

export async function getMetaUser(
  endpoints: MetaEndpoints,
  userToken: string,
  signal?: AbortSignal,
): Promise<{ id: string; name: string }> {
  const me = await graphRequest<{ id: string; name?: string }>(endpoints, 'facebook', {
    method: 'GET',
    path: 'me',
    token: userToken,
    params: { fields: 'id,name' },
    signal,
  });
  return { id: me.id, name: me.name ?? '' };
}

/**
 * Every Page the user manages and every Instagram account linked to one. Pages come a page
 * at a time: the next one is asked by `after` cursor (Meta's `next` address is not followed, so
 * the token goes nowhere but the configured Graph host).
 */
export async function listMetaDestinations(
  endpoints: MetaEndpoints,
  userToken: string,
  signal?: AbortSignal,
): Promise<MetaDestination[]> {
  const destinations: MetaDestination[] = [];
  let after: string | undefined;
  for (let round = 0; round < MAX_PAGES; round += 1) {
    const answer: AccountsPage = await graphRequest<AccountsPage>(endpoints, 'facebook', {
      method: 'GET',
      path: 'me/accounts',
      token: userToken,
      params: {
        fields: 'id,name,access_token,instagram_business_account{id,username}',
        limit: 25,
        after,
      },
      signal,
    });
    for (const page of answer.data ?? []) {
      if (!page.access_token) continue;
      const name = page.name ?? page.id;
      destinations.push({
        platform: 'facebook',
        remoteId: page.id,
        name,
        pageId: page.id,
        token: page.access_token,
      });
      const ig = page.instagram_business_account;
      if (ig) {
        destinations.push({
          platform: 'instagram',
          remoteId: ig.id,
          name: ig.username ?? ig.id,
          pageId: page.id,
          token: page.access_token,
        });
      }
    }
    after = answer.paging?.cursors?.after;
    if (!answer.paging?.next || !after) break;
  }
  return destinations;
}
