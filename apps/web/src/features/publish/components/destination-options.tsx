import type { Post, PublishAccount, PublishingLimit } from '@scrapper/contracts/http/publish';
import { Checkbox } from '@scrapper/ui/checkbox';
import { Select } from '@scrapper/ui/select';
import { QuotaSummary } from '@/components/quota-summary.tsx';
import { useCallback } from 'react';
import { useAccountQuota } from '@/hooks/use-account-quota.ts';
import { useResource } from '@/hooks/use-resource.ts';
import { getPublishingLimit } from '../api.ts';
import type { CreatorInfoState } from '../hooks/use-creator-info.ts';
import { budgetText, budgetUse, instagramLimitText } from '../utils/budgets.ts';
import type { DestinationChoice, YouTubePrivacy } from '../utils/composer-form.ts';
import { TikTokOptions } from './tiktok-options.tsx';

const YOUTUBE_PRIVACY: { value: YouTubePrivacy; label: string }[] = [
  { value: 'public', label: 'Publik' },
  { value: 'unlisted', label: 'Tidak publik (unlisted)' },
  { value: 'private', label: 'Pribadi' },
];

function YouTubeBudget({ accountId }: { accountId: string }) {
  const quota = useAccountQuota(accountId, '');
  return <QuotaSummary state={quota.state} onRetry={quota.reload} />;
}

/** Instagram's content_publishing_limit as Meta reports it; the member's own count while it cannot be read. */
function InstagramBudget({ accountId, counted }: { accountId: string; counted: string }) {
  const load = useCallback((signal: AbortSignal) => getPublishingLimit(accountId, signal), [accountId]);
  const limit = useResource<PublishingLimit | null>(load, null);
  const text = limit.data
    ? instagramLimitText(limit.data)
    : limit.status === 'error'
      ? `${counted} Batas dari Instagram belum dapat dibaca.`
      : 'Membaca batas publikasi dari Instagram...';
  return <p className="muted publish-budget">{text}</p>;
}

export interface DestinationOptionsProps {
  account: PublishAccount;
  choice: DestinationChoice;
  onChange: (choice: DestinationChoice) => void;
  posts: readonly Post[];
  now: Date;
  creator: CreatorInfoState | undefined;
  onRetryCreator: () => void;
  errors: Record<string, string>;
}

/** A chosen destination's own options and its publishing budget. */
export function DestinationOptions({
  account,
  choice,
  onChange,
  posts,
  now,
  creator,
  onRetryCreator,
  errors,
}: DestinationOptionsProps) {
  const budget =
    account.platform === 'youtube' ? '' : budgetText(account, budgetUse(posts, account.id, now));
  return (
    <div className="publish-destination__options">
      {account.platform === 'youtube' ? <YouTubeBudget accountId={account.id} /> : null}
      {account.platform === 'instagram' ? (
        <InstagramBudget accountId={account.id} counted={budget} />
      ) : budget ? (
        <p className="muted publish-budget">{budget}</p>
      ) : null}
      {account.platform === 'tiktok' ? (
        <TikTokOptions
          account={account}
          choice={choice.tiktok}
          onChange={(tiktok) => onChange({ ...choice, tiktok })}
          creator={creator}
          onRetryCreator={onRetryCreator}
          privacyError={errors[`${account.id}.privacyLevel`]}
          commercialError={errors[`${account.id}.commercial`]}
        />
      ) : null}
      {account.platform === 'instagram' ? (
        <Checkbox
          label="Tampilkan juga di feed"
          checked={choice.shareToFeed}
          onChange={(event) => onChange({ ...choice, shareToFeed: event.target.checked })}
        />
      ) : null}
      {account.platform === 'youtube' ? (
        <Select
          label="Privasi YouTube"
          options={YOUTUBE_PRIVACY}
          value={choice.youtubePrivacy}
          onChange={(event) =>
            onChange({ ...choice, youtubePrivacy: event.target.value as YouTubePrivacy })
          }
        />
      ) : null}
    </div>
  );
}
