// docker/compose.yaml: valid YAML with the services the product needs, the S3 store with its
// bucket created before API and workers start, and API and workers on it through the product's
// own storage settings (the names storageConfigFromEnv reads).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { UPLOAD_LIMITS } from '@scrapper/contracts/http/youtube-uploads';
import { loadEnv } from '@scrapper/api/src/env.ts';
import { dockerDir } from './repo.ts';

interface Service {
  image?: string;
  ports?: string[];
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  command?: string[] | string;
  entrypoint?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  configs?: Array<{ source: string; target: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
}

// `merge: true`: the `<<: *app-env` keys, as Compose reads them.
const compose = parse(readFileSync(join(dockerDir, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  networks?: { default?: { ipam?: { config?: Array<{ subnet?: string }> } } };
  configs: Record<string, { content: string }>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
}

/** Compose's `${NAME:-default}` / `${NAME:?message}` read as the value they give when NAME is unset. */
function defaultOf(value: string | undefined): string | undefined {
  return /^\$\{[A-Z0-9_]+:-([^}]*)\}$/.exec(value ?? '')?.[1];
}

describe('compose.yaml', () => {
  it('has the database, the S3 store, its bucket job, the API, workers and the web front', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'db', 's3-bucket', 'seaweedfs', 'web', 'worker']);
    expect(service('api').build?.dockerfile).toBe('docker/api.Dockerfile');
    expect(service('worker').build?.dockerfile).toBe('docker/worker.Dockerfile');
    expect(service('web').build?.dockerfile).toBe('docker/web.Dockerfile');
  });

  it('pins the store image to a version (no latest), and the bucket job uses the same', () => {
    const image = service('seaweedfs').image ?? '';
    expect(image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+$/);
    expect(service('s3-bucket').image).toBe(image);
  });

  it.each(['api', 'worker'])('%s stores files in the bucket through the storage settings', (name) => {
    const env = service(name).environment ?? {};
    expect(env['STORAGE_DRIVER']).toBe('s3');
    expect(env['S3_ENDPOINT']).toBe('http://seaweedfs:8333');
    expect(defaultOf(env['S3_BUCKET'])).toBe('scrapper');
    expect(env['S3_ACCESS_KEY_ID']).toMatch(/^\$\{S3_ACCESS_KEY_ID:\?/);
    expect(env['S3_SECRET_ACCESS_KEY']).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?/);
    expect(env['S3_FORCE_PATH_STYLE']).toBe('true');
    expect(env['DATABASE_URL']).toContain('@db:5432/');
    expect(env['SECRETS_KEY']).toBeDefined();
    expect(service(name).depends_on).toMatchObject({ 's3-bucket': { condition: 'service_completed_successfully' } });
  });

  it('creates the bucket at start, after the store answers, and checks it is there', () => {
    const job = service('s3-bucket');
    expect(job.depends_on).toMatchObject({ seaweedfs: { condition: 'service_healthy' } });
    expect(job.environment?.['S3_BUCKET']).toBe(service('api').environment?.['S3_BUCKET']);
    const script = Array.isArray(job.command) ? job.command.join('\n') : (job.command ?? '');
    expect(script).toContain('s3.bucket.create -name $$S3_BUCKET');
    expect(script).toContain('s3.bucket.list');
    expect(job.restart).toBe('on-failure');
    expect(service('seaweedfs').healthcheck?.test.join(' ')).toContain(':8333/healthz');
  });

  it('gives the store the same key API and workers sign with', () => {
    const store = service('seaweedfs');
    const config = store.configs?.find((c) => c.target === '/etc/seaweedfs/s3.json');
    expect(config).toBeDefined();
    expect(store.command).toEqual(expect.arrayContaining(['-s3', '-s3.config=/etc/seaweedfs/s3.json']));
    const identities = JSON.parse(compose.configs[config?.source ?? '']?.content ?? '') as {
      identities: Array<{ credentials: Array<{ accessKey: string; secretKey: string }>; actions: string[] }>;
    };
    expect(identities.identities[0]?.credentials[0]).toEqual({
      accessKey: service('api').environment?.['S3_ACCESS_KEY_ID'],
      secretKey: service('api').environment?.['S3_SECRET_ACCESS_KEY'],
    });
    expect(identities.identities[0]?.actions).toEqual(expect.arrayContaining(['Read', 'Write', 'List']));
    expect(compose.volumes).toHaveProperty('s3data');
  });

  it('gives the API and nginx the same upload limit, by default the API\'s own', () => {
    const api = service('api').environment?.['UPLOAD_MAX_VIDEO_BYTES'];
    expect(service('web').environment?.['UPLOAD_MAX_VIDEO_BYTES']).toBe(api);
    expect(defaultOf(api)).toBe(String(UPLOAD_LIMITS.videoMaxBytes));
  });

  it('publishes only the nginx front to every address; the API port, if at all, on 127.0.0.1', () => {
    expect(service('web').ports).toEqual(['8080:8080']);
    for (const [name, svc] of Object.entries(services)) {
      if (name === 'web') continue;
      for (const port of svc.ports ?? []) expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('trusts X-Forwarded-For only from the compose network, which has a fixed subnet', () => {
    const subnet = compose.networks?.default?.ipam?.config?.[0]?.subnet;
    expect(subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    const trust = service('api').environment?.['TRUST_PROXY'];
    expect(trust).toBe(subnet);
    // The API reads it as the list of proxy addresses, not as "trust every hop".
    const env = loadEnv({ DATABASE_URL: 'postgres://u:p@db:5432/x', DATA_DIR: mkdtempSync(join(tmpdir(), 'compose-env-')), TRUST_PROXY: trust ?? '' });
    expect(env.trustProxy).toEqual([subnet]);
  });
});
