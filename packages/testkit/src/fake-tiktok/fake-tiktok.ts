// What startFakeTikTok takes and answers (its test controls), apart from the server itself.
import type { FakeTikTokTokens } from './oauth.ts';
import type {
  FakeTikTokAccount,
  FakeTikTokAccountInput,
  FakeTikTokAuthRequest,
  FakeTikTokClient,
  FakeTikTokEndpoint,
  FakeTikTokFault,
  FakeTikTokPost,
  FakeTikTokRequest,
  FakeTikTokRules,
} from './state.ts';

export interface FakeTikTokOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** While none is registered, any client key and secret is accepted. */
  clients?: FakeTikTokClient[];
  /** Default: one public account @fake.creator. Pass [] for none. */
  accounts?: FakeTikTokAccountInput[];
  autoApprove?: boolean;
  /** Default true, as every new TikTok app until it passes the audit. */
  unaudited?: boolean;
  rules?: Partial<FakeTikTokRules>;
}

export interface FakeTikTok {
  /** The origin, `http://127.0.0.1:<port>`. */
  url: string;
  /** What TIKTOK_AUTH_URL and TIKTOK_API_BASE_URL take. */
  urls: { authUrl: string; apiBaseUrl: string };
  registerClient(client: FakeTikTokClient): void;
  addAccount(account: FakeTikTokAccountInput): FakeTikTokAccount;
  /** Changes an account (e.g. makes it private); answers the account as it is now. */
  updateAccount(
    openId: string,
    changes: Partial<Omit<FakeTikTokAccountInput, 'openId'>>,
  ): FakeTikTokAccount;
  readonly accounts: FakeTikTokAccount[];
  /** The account the next consent grants (then cleared); the first account when unset. */
  nextConsentOpenId: string | undefined;
  /** The scopes the member leaves ticked on the next consent (then cleared); all asked when unset. */
  nextConsentScopes: string[] | undefined;
  autoApprove: boolean;
  setUnaudited(unaudited: boolean): void;
  setRules(rules: Partial<FakeTikTokRules>): void;
  readonly rules: FakeTikTokRules;
  /** Tokens as a finished consent would give them, without the browser. */
  issueTokens(grant?: { openId?: string; clientKey?: string; scopes?: string[] }): FakeTikTokTokens;
  /** Every access token issued so far answers 401 access_token_invalid (refresh tokens stay valid). */
  expireAccessTokens(): void;
  failNext(endpoint: FakeTikTokEndpoint, fault: FakeTikTokFault): void;
  /** The next post whose last chunk arrives ends FAILED with this `fail_reason`. */
  failNextPost(failReason: string): void;
  /** This post ends FAILED with this reason (at once when it already ended). */
  failPost(publishId: string, failReason: string): void;
  /** The creator posted or deleted this inbox draft: it no longer counts as pending. */
  finishInboxDraft(publishId: string): void;
  /**
   * The next chunk PUT (of chunk `chunk`, 0-based, when given) breaks after this many of its
   * bytes: the connection is cut and the chunk does not count.
   */
  cutNextUpload(afterBytes: number, options?: { chunk?: number }): void;
  /**
   * true: answers of this endpoint wait, their work done (a post made, a chunk kept), until
   * this is set false again or the client goes away; for killing a worker after TikTok acted
   * but before it heard so (`post.videoInit`, `post.upload`...).
   */
  holdAnswers(endpoint: FakeTikTokEndpoint, on: boolean): void;
  /** How many answers are held now. */
  readonly heldAnswers: number;
  /** Resolves once an answer of this endpoint is held (at once when one is). */
  waitForHeldAnswer(endpoint: FakeTikTokEndpoint): Promise<void>;
  /** Every post TikTok accepted at init, in order. */
  posts(): FakeTikTokPost[];
  readonly authRequests: FakeTikTokAuthRequest[];
  readonly requests: FakeTikTokRequest[];
  reset(): void;
  close(): Promise<void>;
}
