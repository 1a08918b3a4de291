// A TikTokTokenStore over sealed storage (publish_accounts.sealed_tokens): the API (creator
// info, checking a post) and the worker (posting) build theirs from the same pieces, so tokens
// are opened, refreshed and sealed again the same way under the account's row lock.
import type { SecretBox } from '../secret-box.ts';
import type { StoredTikTokTokens, TikTokTokenStore } from './fresh-token.ts';

export interface SealedTokenRow {
  /** Runs `fn` under the account's row lock and saves the sealed tokens it answers (withLockedPublishTokens). */
  withLockedSealed<T>(
    fn: (sealed: string) => Promise<{ save?: { sealedTokens: string; tokenExpiresAt: Date | null }; result: T }>,
  ): Promise<{ result: T } | undefined>;
  markReconnect(reason: string): Promise<void>;
}

export function sealedTikTokTokenStore(box: SecretBox, row: SealedTokenRow): TikTokTokenStore {
  return {
    async withLockedTokens(fn) {
      const done = await row.withLockedSealed(async (sealed) => {
        const { save, result } = await fn(JSON.parse(box.open(sealed)) as StoredTikTokTokens);
        return {
          result,
          ...(save ? { save: { sealedTokens: box.seal(JSON.stringify(save)), tokenExpiresAt: new Date(save.accessExpiresAt) } } : {}),
        };
      });
      if (!done) throw new Error('TikTok account not found');
      return done.result;
    },
    markReconnect: (reason) => row.markReconnect(reason),
  };
}
