import type { Post, PostTarget, PublishAccount } from '@scrapper/contracts/http/publish';
import { describe, expect, it } from 'vitest';
import { budgetText, budgetUse, instagramLimitText } from './budgets.ts';

const NOW = new Date('2026-01-10T12:00:00.000Z');
const ACCOUNT = '11111111-1111-4111-8111-111111111111';

function target(
  status: PostTarget['status'],
  mode: PostTarget['mode'],
  accountId = ACCOUNT,
): PostTarget {
  return {
    id: crypto.randomUUID(),
    accountId,
    platform: 'tiktok',
    accountName: 'x',
    status,
    reason: null,
    detail: null,
    remoteId: null,
    link: null,
    converted: false,
    mode,
    scheduledAt: null,
    updatedAt: NOW.toISOString(),
    finishedAt: null,
  };
}
function post(createdAt: string, targets: PostTarget[]): Post {
  return {
    id: crypto.randomUUID(),
    serverFileId: null,
    fileName: null,
    caption: '',
    title: null,
    scheduledAt: null,
    createdAt,
    targets,
  };
}
const account = (platform: PublishAccount['platform']): PublishAccount => ({
  id: ACCOUNT,
  platform,
  name: 'x',
  username: null,
  pageName: null,
  needsReconnect: false,
  reconnectReason: null,
  clientSecretId: null,
  connectedAt: NOW.toISOString(),
});

describe('publishing budgets', () => {
  it("counts the last 24 hours' targets of the account, leaving failed and cancelled ones out", () => {
    const posts = [
      post('2026-01-10T08:00:00.000Z', [
        target('sent_to_inbox', 'inbox'),
        target('failed', 'direct'),
        target('cancelled', 'inbox'),
        target('published', null, '22222222-2222-4222-8222-222222222222'),
      ]),
      post('2026-01-10T09:00:00.000Z', [target('queued', 'inbox')]),
      post('2026-01-09T11:59:00.000Z', [target('sent_to_inbox', 'inbox')]),
    ];
    const use = budgetUse(posts, ACCOUNT, NOW);
    expect(use).toEqual({ sent: 2, inbox: 2, directRefused: 1 });
    expect(budgetText(account('tiktok'), use)).toBe(
      'Sisa draf kotak masuk 24 jam ini: 3 dari 5. Posting langsung yang ditolak TikTok: 1.',
    );
    expect(budgetText(account('facebook'), use)).toBe('Sisa reel 24 jam ini: 28 dari 30.');
    expect(budgetText(account('instagram'), use)).toContain('Terkirim 24 jam terakhir: 2.');
    expect(instagramLimitText({ used: 3, total: 25, windowHours: 24 })).toBe('Sisa publikasi 24 jam ini menurut Instagram: 22 dari 25.');
    expect(instagramLimitText({ used: 60, total: 50, windowHours: 24 })).toContain(': 0 dari 50.');
  });
});
