// The web image's nginx: the body limit follows UPLOAD_MAX_VIDEO_BYTES, uploads and streams pass
// unbuffered with long timeouts, the API's answers keep the API's headers, and the static files
// get exactly the API's security headers.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, securityHeaders } from '@scrapper/api/src/plugins/security-headers.ts';
import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube-uploads';
import { dockerDir } from './repo.ts';

const raw = readFileSync(join(dockerDir, 'nginx/default.conf.template'), 'utf8');
// For reading blocks: comments out (they talk about add_header too), envsubst's ${NAME} as @NAME@
// (its braces are not blocks).
const template = raw.replace(/#.*$/gm, '').replace(/\$\{(\w+)\}/g, '@$1@');
const headersFile = readFileSync(join(dockerDir, 'nginx/security-headers.conf'), 'utf8');
const webDockerfile = readFileSync(join(dockerDir, 'web.Dockerfile'), 'utf8');

/** The body of `location <match> { ... }` (our locations hold no nested blocks). */
function location(match: string): string {
  const start = template.indexOf(`location ${match} {`);
  if (start === -1) throw new Error(`no location ${match}`);
  return template.slice(start, template.indexOf('}', start));
}

/** What 15-scrapper-limits.envsh exports, sourced as the nginx entrypoint sources it. */
function bodyLimitFor(env: Record<string, string>): { status: number; value: string } {
  try {
    const value = execFileSync('sh', ['-c', '. "$0" && printf %s "$NGINX_CLIENT_MAX_BODY_SIZE"', join(dockerDir, 'nginx/15-scrapper-limits.envsh')], {
      env: { PATH: process.env['PATH'] ?? '', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, value };
  } catch (error) {
    return { status: (error as { status: number }).status, value: '' };
  }
}

describe('nginx', () => {
  it('lets through any upload the API accepts: the limit is UPLOAD_MAX_VIDEO_BYTES plus the form around it', () => {
    expect(raw).toMatch(/client_max_body_size \$\{NGINX_CLIENT_MAX_BODY_SIZE\};/);
    expect(webDockerfile).toContain(`UPLOAD_MAX_VIDEO_BYTES=${UPLOAD_LIMITS.videoMaxBytes}`);
    const byDefault = Number(bodyLimitFor({}).value);
    expect(byDefault).toBeGreaterThanOrEqual(UPLOAD_LIMITS.videoMaxBytes + UPLOAD_LIMITS.thumbnailMaxBytes);
    const smaller = Number(bodyLimitFor({ UPLOAD_MAX_VIDEO_BYTES: '104857600' }).value);
    expect(smaller).toBeGreaterThanOrEqual(104_857_600);
    expect(smaller).toBeLessThan(byDefault);
    expect(bodyLimitFor({ UPLOAD_MAX_VIDEO_BYTES: '2g' }).status).not.toBe(0);
  });

  it('streams uploads and answers to and from the API without buffering, with long timeouts', () => {
    const api = location('/api/');
    expect(api).toMatch(/proxy_request_buffering off;/);
    expect(api).toMatch(/proxy_buffering off;/);
    for (const directive of ['proxy_read_timeout', 'proxy_send_timeout']) {
      const seconds = Number(new RegExp(`${directive} (\\d+)s;`).exec(api)?.[1]);
      expect(seconds, directive).toBeGreaterThanOrEqual(3600);
    }
    expect(api).toContain('proxy_pass http://@API_UPSTREAM@;');
  });

  it('passes the live event stream (/api/events) unbuffered, uncompressed, with a long read timeout', () => {
    const events = location('= /api/events');
    expect(events).toContain('proxy_pass http://@API_UPSTREAM@;');
    expect(events).toMatch(/proxy_buffering off;/);
    expect(events).toMatch(/proxy_cache off;/);
    expect(events).toMatch(/gzip off;/);
    expect(Number(/proxy_read_timeout (\d+)s;/.exec(events)?.[1])).toBeGreaterThanOrEqual(3600);
    expect(events).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(events).not.toMatch(/add_header|proxy_hide_header|include/);
  });

  it('tells the API the address it saw, overwriting any X-Forwarded-For the client sent', () => {
    const api = location('/api/');
    expect(api).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(template).not.toContain('$proxy_add_x_forwarded_for');
  });

  it("passes the API's own headers through: nothing added, hidden or replaced on /api/", () => {
    const api = location('/api/');
    expect(api).not.toMatch(/add_header|proxy_hide_header|more_set_headers|include/);
    // Server-level add_header would be inherited by /api/ (it adds none of its own).
    const serverLevel = template.replace(/location [^{]+\{[^}]*\}/g, '');
    expect(serverLevel).not.toMatch(/add_header|include/);
  });

  it("gives every static location exactly the API's security headers (CSP included)", async () => {
    const api = await securityHeaders(HELMET_OPTIONS);
    const nginx = [...headersFile.matchAll(/^add_header (\S+) "([^"]*)" always;$/gm)].map(([, name = '', value = '']): [string, string] => [name.toLowerCase(), value]);
    expect(new Map(nginx)).toEqual(new Map(api));
    expect(api.map(([name]) => name)).toContain('content-security-policy');
    // nginx drops inherited add_header lines in a block with its own: each such block includes them.
    for (const match of ['/assets/', '= /index.html', '/']) expect(location(match)).toContain('include /etc/nginx/security-headers.conf;');
  });

  it('does not serve source maps', () => {
    expect(location('~ \\.map$')).toContain('return 404;');
  });
});
