import type { AdminApiToken, ApiToken } from '@scrapper/contracts/http/me-tokens';
import { jakartaDateTime } from '@scrapper/contracts/rules/jakarta-time';
import { Badge } from '@scrapper/ui/badge';
import { Button } from '@scrapper/ui/button';

const at = (iso: string) => `${jakartaDateTime(new Date(iso))} WIB`;

export interface TokenListProps<T extends ApiToken> {
  tokens: T[];
  /** The list's accessible name. */
  label: string;
  onRevoke: (token: T) => void;
}

function isAdminToken(token: ApiToken): token is AdminApiToken {
  return 'owner' in token;
}

/** Tokens as a list (readable at 375px): name, scope, state, prefix, times, and a revoke button. */
export function TokenList<T extends ApiToken>({ tokens, label, onRevoke }: TokenListProps<T>) {
  if (tokens.length === 0) return null;
  return (
    <ul className="api-tokens__list" aria-label={label}>
      {tokens.map((token) => (
        <li key={token.id} className="api-tokens__item">
          <div className="api-tokens__head">
            <h3 className="api-tokens__name">{token.name}</h3>
            <Badge tone={token.scope === 'write' ? 'warning' : 'info'}>{token.scope}</Badge>
            {token.expired ? <Badge tone="danger">Kedaluwarsa</Badge> : null}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Cabut token ${token.name}${isAdminToken(token) ? ` milik ${token.owner.username}` : ''}`}
              onClick={() => onRevoke(token)}
            >
              Cabut
            </Button>
          </div>
          <dl className="api-tokens__facts">
            {isAdminToken(token) ? (
              <>
                <dt>Pemilik</dt>
                <dd>{token.owner.username}</dd>
              </>
            ) : null}
            <dt>Awalan</dt>
            <dd>
              <code>{token.prefix}…</code>
            </dd>
            <dt>Dibuat</dt>
            <dd>{at(token.createdAt)}</dd>
            <dt>Terakhir dipakai</dt>
            <dd>{token.lastUsedAt ? at(token.lastUsedAt) : 'Belum pernah'}</dd>
            <dt>Berlaku sampai</dt>
            <dd>{token.expiresAt ? at(token.expiresAt) : 'Sampai dicabut'}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
