import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queueNames } from '@scrapper/contracts/jobs';
import { loadEnv } from './env.ts';

// A SECRETS_KEY of its own keeps loadEnv from creating a secrets file under DATA_DIR.
const base = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  SECRETS_KEY: randomBytes(32).toString('base64'),
};

describe('WORKER_QUEUES', () => {
  it('serves every queue of the catalog when unset or empty', () => {
    expect(loadEnv(base).queues).toEqual(queueNames);
    expect(loadEnv({ ...base, WORKER_QUEUES: '' }).queues).toEqual(queueNames);
  });

  it('serves only the listed queues, in catalog order, spaces and repeats ignored', () => {
    const env = loadEnv({
      ...base,
      WORKER_QUEUES: ' video.preview , video.download,video.download ',
    });
    expect(env.queues).toEqual(['video.download', 'video.preview']);
  });

  it('still leaves out a queue whose concurrency is 0 when no list is given', () => {
    expect(loadEnv({ ...base, WORKER_CONCURRENCY_SCRAPE_RUN: '0' }).queues).not.toContain(
      'scrape.run',
    );
  });

  it('stops with a clear message on an unknown queue, naming the known ones', () => {
    expect(() => loadEnv({ ...base, WORKER_QUEUES: 'video.download,video.downlaod' })).toThrow(
      /WORKER_QUEUES: unknown queue video\.downlaod \(known: maintenance\.sweep, scrape\.run, video\.download/,
    );
    expect(() => loadEnv({ ...base, WORKER_QUEUES: ' , ' })).toThrow(
      /WORKER_QUEUES: name at least one queue/,
    );
  });

  it('refuses a listed queue whose concurrency is 0: the two settings contradict each other', () => {
    expect(() =>
      loadEnv({ ...base, WORKER_QUEUES: 'video.download', WORKER_CONCURRENCY_VIDEO_DOWNLOAD: '0' }),
    ).toThrow(
      /WORKER_QUEUES: video\.download is listed but WORKER_CONCURRENCY_VIDEO_DOWNLOAD is 0/,
    );
  });
});

describe('WORKER_SHUTDOWN_GRACE_S', () => {
  it('defaults to 30 seconds', () => {
    const env = loadEnv(base);
    expect(env.shutdownGraceSeconds).toBe(30);
    expect(env.warnings).toEqual([]);
  });

  it('reads the deprecated SHUTDOWN_TIMEOUT_SECONDS when the new name is unset, with a warning', () => {
    const env = loadEnv({ ...base, SHUTDOWN_TIMEOUT_SECONDS: '12' });
    expect(env.shutdownGraceSeconds).toBe(12);
    expect(env.warnings).toEqual([
      'SHUTDOWN_TIMEOUT_SECONDS is deprecated: rename it to WORKER_SHUTDOWN_GRACE_S',
    ]);
  });

  it('prefers WORKER_SHUTDOWN_GRACE_S over the old name', () => {
    const env = loadEnv({ ...base, WORKER_SHUTDOWN_GRACE_S: '90', SHUTDOWN_TIMEOUT_SECONDS: '12' });
    expect(env.shutdownGraceSeconds).toBe(90);
    expect(env.warnings[0]).toMatch(/ignored/);
  });

  it('refuses a grace that is not a positive number', () => {
    expect(() => loadEnv({ ...base, WORKER_SHUTDOWN_GRACE_S: 'soon' })).toThrow(
      /WORKER_SHUTDOWN_GRACE_S/,
    );
    expect(() => loadEnv({ ...base, WORKER_SHUTDOWN_GRACE_S: '0' })).toThrow(
      /WORKER_SHUTDOWN_GRACE_S/,
    );
  });
});

describe('SECRETS_KEY_PREVIOUS', () => {
  it('is read as the key still accepted during a rotation, and unset by default', () => {
    const previous = randomBytes(32).toString('base64');
    expect(loadEnv({ ...base, SECRETS_KEY_PREVIOUS: previous }).secretsKeyPrevious).toBe(previous);
    expect(loadEnv(base).secretsKeyPrevious).toBeUndefined();
  });

  it('refuses a key that is not 32 bytes, naming it', () => {
    expect(() => loadEnv({ ...base, SECRETS_KEY_PREVIOUS: 'short' })).toThrow(/SECRETS_KEY_PREVIOUS must be 32 bytes/);
  });
});

describe('private-network fetching (issue 29 item 6)', () => {
  it('warns at start when ALLOW_PRIVATE_NETWORK_FETCH is on, naming it', () => {
    const env = loadEnv({ ...base, ALLOW_PRIVATE_NETWORK_FETCH: 'true' });
    expect(env.warnings).toEqual([expect.stringMatching(/^ALLOW_PRIVATE_NETWORK_FETCH=true di worker ini: pengaman URL dimatikan/)]);
  });

  it('reads FETCH_ALLOW_PRIVATE_HOSTS and says which destinations it lets through', () => {
    const env = loadEnv({ ...base, FETCH_ALLOW_PRIVATE_HOSTS: '127.0.0.1:9000' });
    expect(env.fetchAllowPrivateHosts).toEqual(['127.0.0.1:9000']);
    expect(env.allowPrivateNetworkFetch).toBe(false);
    expect(env.warnings).toEqual([expect.stringContaining('FETCH_ALLOW_PRIVATE_HOSTS di worker ini mengizinkan tujuan privat berikut: 127.0.0.1:9000.')]);
    expect(() => loadEnv({ ...base, FETCH_ALLOW_PRIVATE_HOSTS: '127.0.0.1' })).toThrow(/FETCH_ALLOW_PRIVATE_HOSTS/);
  });
});

describe('WORKER_POLL_SECONDS and AUTOMATION_RUN_WAIT_SECONDS', () => {
  it("leave each queue its own polling and an automation run its 5 s wait when unset", () => {
    const env = loadEnv(base);
    expect(env.pollSeconds).toBeUndefined();
    expect(env.automationRunWaitSeconds).toBe(5);
  });

  it('take a shorter poll (pg-boss allows 0.5 s) and wait, and refuse what pg-boss would not', () => {
    const env = loadEnv({ ...base, WORKER_POLL_SECONDS: '0.5', AUTOMATION_RUN_WAIT_SECONDS: '1' });
    expect(env.pollSeconds).toBe(0.5);
    expect(env.automationRunWaitSeconds).toBe(1);
    expect(() => loadEnv({ ...base, WORKER_POLL_SECONDS: '0.2' })).toThrow(/WORKER_POLL_SECONDS/);
    expect(() => loadEnv({ ...base, AUTOMATION_RUN_WAIT_SECONDS: '0' })).toThrow(/AUTOMATION_RUN_WAIT_SECONDS/);
    expect(() => loadEnv({ ...base, AUTOMATION_RUN_WAIT_SECONDS: '1.5' })).toThrow(/AUTOMATION_RUN_WAIT_SECONDS/);
  });
});

describe('SMTP_URL and MAIL_FROM (issue 31 item 9)', () => {
  it('reads them as the API does, and refuses SMTP_URL without MAIL_FROM', () => {
    expect(loadEnv(base).mail).toBeNull();
    expect(loadEnv({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'noreply@example.com' }).mail).toEqual({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'noreply@example.com' });
    expect(() => loadEnv({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/MAIL_FROM: required when SMTP_URL is set/);
    expect(() => loadEnv({ ...base, SMTP_URL: 'mailto:x@example.com', MAIL_FROM: 'noreply@example.com' })).toThrow(/SMTP_URL must be/);
  });
});
