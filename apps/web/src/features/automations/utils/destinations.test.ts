import type { PublishAccount } from '@scrapper/contracts/http/publish';
import { describe, expect, it } from 'vitest';
import { destinationGroups, destinationsSummary } from './destinations.ts';

const account = (id: string, platform: PublishAccount['platform'], name: string): PublishAccount => ({
  id,
  platform,
  name,
  username: null,
  pageName: null,
  needsReconnect: false,
  reconnectReason: null,
  clientSecretId: null,
  connectedAt: '2026-11-01T00:00:00.000Z',
});

const accounts = [
  account('a', 'youtube', 'Dapur Channel'),
  account('b', 'tiktok', 'dapurku'),
  account('c', 'facebook', 'Halaman Dapur'),
  account('d', 'youtube', 'Channel Kedua'),
];

describe('automation destinations', () => {
  it('groups the accounts by platform for the checkbox list', () => {
    const groups = destinationGroups(accounts);
    expect(groups.youtube.map((a) => a.id)).toEqual(['a', 'd']);
    expect(groups.tiktok.map((a) => a.id)).toEqual(['b']);
    expect(groups.instagram).toEqual([]);
    expect(groups.facebook.map((a) => a.id)).toEqual(['c']);
  });

  it('names them on the card with the platform label, TikTok as drafts', () => {
    expect(destinationsSummary(['b', 'a', 'c'], accounts)).toBe(
      'TikTok: dapurku (draf) · YouTube: Dapur Channel · Facebook Reels: Halaman Dapur',
    );
    expect(destinationsSummary(['zz'], accounts)).toBe('tujuan di luar daftar akun Anda');
  });
});
