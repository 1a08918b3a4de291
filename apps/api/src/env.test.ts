import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'api-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', DATA_DIR: dataDir };

describe('api env', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv(base);
    expect(env.port).toBe(3000);
    expect(env.host).toBe('127.0.0.1');
    expect(env.adminUsername).toBe('admin');
    expect(env.automationsMaxPerMember).toBe(20);
  });
  it('generates JWT_SECRET and SECRETS_KEY once into DATA_DIR and reuses them', () => {
    const a = loadEnv(base);
    const b = loadEnv(base);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(b.secretsKey).toBe(a.secretsKey);
  });
  it('prefers the given secrets', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const env = loadEnv({ ...base, JWT_SECRET: 'j'.repeat(40), SECRETS_KEY: key });
    expect(env.jwtSecret).toBe('j'.repeat(40));
    expect(env.secretsKey).toBe(key);
  });
  it('limits logins by failures with documented defaults, and refuses limits that make no sense', () => {
    expect(loadEnv(base).login).toEqual({
      windowSeconds: 600,
      maxFailuresPerIp: 30,
      maxFailuresPerUsername: 10,
      maxFailuresPerDevice: 10,
      delayAfterFailures: 3,
      delayBaseSeconds: 2,
      delayMaxSeconds: 300,
      deviceCookieDays: 180,
    });
    expect(loadEnv({ ...base, LOGIN_MAX_FAILURES_PER_IP: '200' }).login.maxFailuresPerIp).toBe(200);
    expect(() => loadEnv({ ...base, LOGIN_MAX_FAILURES_PER_USERNAME: '0' })).toThrow(/LOGIN_MAX_FAILURES_PER_USERNAME/);
    expect(() => loadEnv({ ...base, LOGIN_WINDOW_SECONDS: 'lama' })).toThrow(/LOGIN_WINDOW_SECONDS/);
    expect(() => loadEnv({ ...base, LOGIN_DELAY_BASE_SECONDS: '60', LOGIN_DELAY_MAX_SECONDS: '10' })).toThrow(
      /LOGIN_DELAY_MAX_SECONDS must be at least LOGIN_DELAY_BASE_SECONDS/,
    );
  });
  it('reads TRUST_PROXY as off, every hop, a hop count or a list of proxy addresses, and refuses anything else', () => {
    expect(loadEnv(base).trustProxy).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadEnv({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEnv({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnv({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadEnv({ ...base, TRUST_PROXY: '172.28.0.0/16' }).trustProxy).toEqual(['172.28.0.0/16']);
    expect(loadEnv({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.300', 'fd00::/129', '127.0.0.1,', 'nginx', '-1', '10.0.0.0/8/1']) {
      expect(() => loadEnv({ ...base, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be false, true, a hop count/);
    }
  });
  it('reads FETCH_ALLOW_PRIVATE_HOSTS as host:port entries and refuses anything else', () => {
    expect(loadEnv(base).fetchPolicy).toEqual({ allowPrivateNetwork: false, allowHosts: [] });
    expect(loadEnv({ ...base, FETCH_ALLOW_PRIVATE_HOSTS: '127.0.0.1:4000, [::1]:8080,media.local:80' }).fetchPolicy.allowHosts).toEqual([
      '127.0.0.1:4000',
      '[::1]:8080',
      'media.local:80',
    ]);
    for (const bad of ['127.0.0.1', 'http://127.0.0.1:4000', '127.0.0.1:4000/x', 'a b:80', 'user@host:80']) {
      expect(() => loadEnv({ ...base, FETCH_ALLOW_PRIVATE_HOSTS: bad }), bad).toThrow(/FETCH_ALLOW_PRIVATE_HOSTS/);
    }
  });
  it('serves source maps only when SERVE_SOURCEMAPS says so', () => {
    expect(loadEnv(base).serveSourcemaps).toBe(false);
    expect(loadEnv({ ...base, SERVE_SOURCEMAPS: 'true' }).serveSourcemaps).toBe(true);
    expect(() => loadEnv({ ...base, SERVE_SOURCEMAPS: 'ya' })).toThrow(/SERVE_SOURCEMAPS/);
  });
  it('stops with a message naming each bad value', () => {
    expect(() => loadEnv({ ...base, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ ...base, SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY must be 32 bytes/);
    expect(() => loadEnv({ ...base, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadEnv({ ...base, DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ DATA_DIR: dataDir })).toThrow(/DATABASE_URL/);
  });
  it('stores files under DATA_DIR/storage by default, or in the S3 bucket of STORAGE_DRIVER=s3', () => {
    expect(loadEnv(base).storage).toEqual({ driver: 'local', dir: join(dataDir, 'storage') });
    const s3 = { STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'scrapper-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadEnv({ ...base, ...s3 }).storage).toEqual({
      driver: 's3', endpoint: 'http://minio:9000', bucket: 'scrapper-files', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true,
    });
  });
  it('stops on bad storage settings with every problem named, together with the other bad values', () => {
    expect(() => loadEnv({ ...base, STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER must be "local" or "s3"/);
    let message = '';
    try {
      loadEnv({ ...base, PORT: 'eighty', STORAGE_DRIVER: 's3', S3_ENDPOINT: 'minio:9000' });
    } catch (error) {
      message = String(error);
    }
    for (const name of ['PORT', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) expect(message).toContain(name);
  });
  it('leaves Google, Gemini and the public address to their defaults', () => {
    const env = loadEnv(base);
    expect(env.google).toEqual({});
    expect(env.geminiBaseUrl).toBeUndefined();
    // Unset means "choose": no model is a default, since models retire (gemini-2.0-flash did).
    expect(env.geminiModel).toBeUndefined();
    expect(env.publicBaseUrl).toBeUndefined();
    expect(env.audioSearchUrlTemplate).toBeUndefined();
    expect(env.allowPrivateNetworkFetch).toBe(false);
    expect(env.uploadMaxVideoBytes).toBe(2 * 1024 * 1024 * 1024);
  });
  it('reads the YouTube settings and trims trailing slashes where the SDKs would not', () => {
    const env = loadEnv({
      ...base,
      GOOGLE_API_ROOT_URL: 'http://127.0.0.1:9000/',
      GOOGLE_OAUTH_AUTH_URL: 'http://127.0.0.1:9000/o/oauth2/v2/auth',
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9000/token',
      GEMINI_BASE_URL: 'http://127.0.0.1:9000/gemini/',
      GEMINI_MODEL: 'gemini-3.5-flash',
      PUBLIC_BASE_URL: 'https://scrapper.example.com/',
      ALLOW_PRIVATE_NETWORK_FETCH: '1',
      UPLOAD_MAX_VIDEO_BYTES: '1000',
    });
    expect(env.google).toEqual({
      apiRootUrl: 'http://127.0.0.1:9000/',
      oauthAuthUrl: 'http://127.0.0.1:9000/o/oauth2/v2/auth',
      oauthTokenUrl: 'http://127.0.0.1:9000/token',
    });
    expect(env.geminiBaseUrl).toBe('http://127.0.0.1:9000/gemini');
    expect(env.geminiModel).toBe('gemini-3.5-flash');
    expect(env.publicBaseUrl).toBe('https://scrapper.example.com');
    expect(env.allowPrivateNetworkFetch).toBe(true);
    expect(env.uploadMaxVideoBytes).toBe(1000);
  });
  it('reads SMTP_URL and MAIL_FROM (issue 31 item 9): unset means no mail', () => {
    expect(loadEnv(base).mail).toBeNull();
    const env = loadEnv({ ...base, SMTP_URL: 'smtps://mailer:rahasia@smtp.example.com:465', MAIL_FROM: 'Scrapper <noreply@example.com>' });
    expect(env.mail).toEqual({ smtpUrl: 'smtps://mailer:rahasia@smtp.example.com:465', from: 'Scrapper <noreply@example.com>' });
    expect(loadEnv({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'noreply@example.com' }).mail?.from).toBe('noreply@example.com');
  });
  it('refuses a bad SMTP_URL or MAIL_FROM, and SMTP_URL without MAIL_FROM, naming the setting', () => {
    for (const SMTP_URL of ['http://smtp.example.com', 'smtp.example.com:587', 'smtp://', 'smtp://host/path']) {
      expect(() => loadEnv({ ...base, SMTP_URL, MAIL_FROM: 'a@example.com' }), SMTP_URL).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    }
    for (const MAIL_FROM of ['noreply', 'Scrapper', 'Scrapper <noreply>', 'a@b.c\nBcc: x@y.z']) {
      expect(() => loadEnv({ ...base, SMTP_URL: 'smtp://h', MAIL_FROM }), MAIL_FROM).toThrow(/MAIL_FROM must be an email address/);
    }
    expect(() => loadEnv({ ...base, SMTP_URL: 'smtp://h' })).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
  });
  it('refuses bad YouTube settings', () => {
    expect(() => loadEnv({ ...base, PUBLIC_BASE_URL: 'ftp://x' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadEnv({ ...base, GEMINI_MODEL: '../x y' })).toThrow(/GEMINI_MODEL/);
    expect(() => loadEnv({ ...base, UPLOAD_MAX_VIDEO_BYTES: String(3 * 1024 ** 3) })).toThrow(/UPLOAD_MAX_VIDEO_BYTES/);
    expect(() => loadEnv({ ...base, ALLOW_PRIVATE_NETWORK_FETCH: 'yes' })).toThrow(/ALLOW_PRIVATE_NETWORK_FETCH/);
  });
  it('points publishing at TikTok and Meta by default, and reads their settings (issue 33)', () => {
    const env = loadEnv(base);
    expect(env.tiktok).toEqual({ authUrl: 'https://www.tiktok.com/v2/auth/authorize/', apiBaseUrl: 'https://open.tiktokapis.com' });
    expect(env.meta).toEqual({
      authUrl: 'https://www.facebook.com/v24.0/dialog/oauth',
      graphBaseUrl: 'https://graph.facebook.com',
      graphVersion: 'v24.0',
      uploadBaseUrl: 'https://rupload.facebook.com',
    });
    const fakes = loadEnv({
      ...base,
      TIKTOK_AUTH_URL: 'http://127.0.0.1:9100/v2/auth/authorize/',
      TIKTOK_API_BASE_URL: 'http://127.0.0.1:9100/',
      META_AUTH_URL: 'http://127.0.0.1:9200/www/v24.0/dialog/oauth',
      META_GRAPH_BASE_URL: 'http://127.0.0.1:9200/graph/',
      META_GRAPH_VERSION: 'v25.0',
      META_UPLOAD_BASE_URL: 'http://127.0.0.1:9200/rupload/',
    });
    expect(fakes.tiktok).toEqual({ authUrl: 'http://127.0.0.1:9100/v2/auth/authorize/', apiBaseUrl: 'http://127.0.0.1:9100' });
    expect(fakes.meta).toEqual({
      authUrl: 'http://127.0.0.1:9200/www/v24.0/dialog/oauth',
      graphBaseUrl: 'http://127.0.0.1:9200/graph',
      graphVersion: 'v25.0',
      uploadBaseUrl: 'http://127.0.0.1:9200/rupload',
    });
    expect(() => loadEnv({ ...base, TIKTOK_API_BASE_URL: 'ftp://x' })).toThrow(/TIKTOK_API_BASE_URL/);
    expect(() => loadEnv({ ...base, META_GRAPH_VERSION: '24' })).toThrow(/META_GRAPH_VERSION/);
    expect(() => loadEnv({ ...base, META_AUTH_URL: 'not a url' })).toThrow(/META_AUTH_URL/);
  });
  it('treats empty values as unset', () => {
    expect(loadEnv({ ...base, PORT: '', ADMIN_PASSWORD: '' }).port).toBe(3000);
  });
});

describe('SECRETS_KEY_PREVIOUS', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  it('is read as the key still accepted during a rotation, and unset by default', () => {
    expect(loadEnv({ ...base, SECRETS_KEY_PREVIOUS: key }).secretsKeyPrevious).toBe(key);
    expect(loadEnv(base).secretsKeyPrevious).toBeUndefined();
  });
  it('refuses a key that is not 32 bytes, naming it', () => {
    expect(() => loadEnv({ ...base, SECRETS_KEY_PREVIOUS: 'short' })).toThrow(/SECRETS_KEY_PREVIOUS must be 32 bytes/);
  });
});
