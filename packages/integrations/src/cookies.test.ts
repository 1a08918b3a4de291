import { describe, expect, it } from 'vitest';
import { isNetscapeCookies, toNetscapeCookies } from './cookies.ts';

describe('cookies for yt-dlp', () => {
  it('converts a Cookie header line into Netscape lines for the platform domain', () => {
    const out = toNetscapeCookies('Cookie: sessionid=abc123; tt_csrf=x=y; broken', '.tiktok.com', Date.UTC(2026, 0, 1));
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('# Netscape HTTP Cookie File');
    expect(lines.slice(1)).toEqual([
      `.tiktok.com\tTRUE\t/\tTRUE\t${Date.UTC(2027, 0, 1) / 1000}\tsessionid\tabc123`,
      `.tiktok.com\tTRUE\t/\tTRUE\t${Date.UTC(2027, 0, 1) / 1000}\ttt_csrf\tx=y`,
    ]);
  });
  it('keeps a Netscape export as it is', () => {
    const text = '.youtube.com\tTRUE\t/\tTRUE\t1893456000\tSID\tvalue';
    expect(isNetscapeCookies(text)).toBe(true);
    // Whole lines: the one cookie-file writer ends the text with a newline, as yt-dlp wrote it before.
    expect(toNetscapeCookies(text, '.youtube.com')).toBe(`# Netscape HTTP Cookie File\n${text}\n`);
  });
  it('cannot smuggle extra lines or fields through names and values', () => {
    const out = toNetscapeCookies('a=1\n.evil.com\tTRUE; b=2\t3', '.tiktok.com');
    expect(out.split('\n').filter((l) => l.includes('evil'))).toEqual([expect.stringMatching(/^\.tiktok\.com\t/)]);
    for (const line of out.trim().split('\n').slice(1)) expect(line.split('\t')).toHaveLength(7);
  });
});
