import { describe, expect, it } from 'vitest';
import { DIRECT_MEDIA_URL_PATHS, directMediaUrlOf } from './direct-media-url.ts';

describe('directMediaUrlOf', () => {
  it("takes Instagram's signed videoUrl", () => {
    const videoUrl = 'https://scontent-sin6-1.cdninstagram.com/o1/v/t16/f2/m86/video.mp4?oe=66A1B2C3&oh=00_AbC';
    expect(directMediaUrlOf({ url: 'https://www.instagram.com/p/C8/', videoUrl })).toBe(videoUrl);
  });

  it("takes Douyin's play_addr, nested as in Douyin's data or flattened", () => {
    const play = 'https://v26-web.douyinvod.com/abc/66a1b2c3/video/tos/cn/play.mp4';
    expect(directMediaUrlOf({ video: { play_addr: { url_list: [play, 'https://other.test/b.mp4'] } } })).toBe(play);
    expect(directMediaUrlOf({ play_addr: { url_list: [play] } })).toBe(play);
    expect(directMediaUrlOf({ aweme_id: '1', play_addr: play })).toBe(play);
  });

  it("takes TikTok's stored copy (mediaUrls) but never its session-bound downloadAddr", () => {
    const stored = 'https://api.apify.com/v2/key-value-stores/abc/records/video-1.mp4';
    expect(directMediaUrlOf({ mediaUrls: [stored], videoMeta: { downloadAddr: 'https://v16-webapp.tiktok.com/x' } })).toBe(stored);
    expect(directMediaUrlOf({ mediaUrls: [], videoMeta: { downloadAddr: 'https://v16-webapp.tiktok.com/x' } })).toBeNull();
  });

  it('tries the paths in order and skips values that are no http(s) URL', () => {
    expect(DIRECT_MEDIA_URL_PATHS[0]).toBe('videoUrl');
    expect(directMediaUrlOf({ videoUrl: 'javascript:alert(1)', downloadUrl: 'https://cdn.test/v.mp4' })).toBe('https://cdn.test/v.mp4');
    expect(directMediaUrlOf({ videoUrl: '', play_addr: { url_list: ['N/A'] } })).toBeNull();
  });

  it('gives null for items without one and for anything that is not an item', () => {
    expect(directMediaUrlOf({ shareable_url: 'https://www.facebook.com/reel/1' })).toBeNull();
    for (const odd of [null, undefined, 'https://cdn.test/v.mp4', 3, [{ videoUrl: 'https://cdn.test/v.mp4' }]]) {
      expect(directMediaUrlOf(odd)).toBeNull();
    }
  });
});
