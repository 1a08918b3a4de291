import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApify, type FakeApify } from './start-fake-apify.ts';

let fake: FakeApify;

beforeAll(async () => {
  fake = await startFakeApify({ waitForFinishCapMs: 150 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function api(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token = fake.token, ...rest } = init;
  return fetch(`${fake.baseUrl}/v2${path}`, {
    ...rest,
    headers: { authorization: `Bearer ${token}`, ...(rest.headers ?? {}) },
  });
}

async function startRun(actorId: string, input: unknown = {}): Promise<Record<string, string>> {
  const res = await api(`/acts/${actorId}/runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: Record<string, string> };
  return data;
}

async function runStatus(runId: string, query = ''): Promise<Record<string, string>> {
  const res = await api(`/actor-runs/${runId}${query}`);
  return ((await res.json()) as { data: Record<string, string> }).data;
}

describe('fake Apify: auth and errors', () => {
  it('answers users/me for a valid token and 401 user-or-token-not-found otherwise, in the real API’s words', async () => {
    fake.addToken('second-token', 'bob');
    const me = await api('/users/me', { token: 'second-token' });
    expect(me.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await me.json()) as { data: { username: string } }).data.username).toBe('bob');

    const bad = await api('/users/me', { token: 'nope' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({
      error: { type: 'user-or-token-not-found', message: 'User was not found or authentication token is not valid' },
    });
    expect(fake.requests.map((r) => [r.endpoint, r.token, r.status])).toEqual([
      ['user.me', 'second-token', 200],
      ['user.me', 'nope', 401],
    ]);
  });

  it('answers 404 record-not-found for unknown actors, runs and datasets', async () => {
    for (const path of ['/actor-runs/missing', '/datasets/missing/items', '/logs/missing']) {
      const res = await api(path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe(
        'record-not-found',
      );
    }
    const start = await api('/acts/someone~unknown/runs', { method: 'POST', body: '{}' });
    expect(start.status).toBe(404);
  });
});

describe('fake Apify: runs', () => {
  it('starts through /acts and /actors alike, with gzip bodies, and records the parsed input', async () => {
    fake.script('apify/tiktok-scraper', { items: [{ a: 1 }] });
    const input = { hashtags: ['x'.repeat(2000)] };
    const res = await api('/actors/apify~tiktok-scraper/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify(input)),
    });
    expect(res.status).toBe(201);
    await startRun('apify~tiktok-scraper', { plain: true });

    const starts = fake.requests.filter((r) => r.endpoint === 'actor.start');
    expect(starts[0]).toMatchObject({ contentEncoding: 'gzip', body: input });
    expect(starts[0]?.wireBytes).toBeLessThan(500);
    expect(fake.runs('apify/tiktok-scraper').map((r) => r.input)).toEqual([input, { plain: true }]);
  });

  it('runs a scenario: RUNNING for N polls, items and log lines appearing, then SUCCEEDED', async () => {
    fake.script('me~actor', {
      polls: 3,
      items: { count: 40, item: (i) => ({ i }) },
      logLines: ['one', 'two', 'three', 'four'],
    });
    const run = await startRun('me~actor');
    expect(run.status).toBe('READY');
    const itemCounts: number[] = [];
    const statuses: string[] = [];
    const logs: string[] = [];
    for (let poll = 0; poll < 4; poll++) {
      statuses.push((await runStatus(run.id as string)).status as string);
      const dataset = await api(`/datasets/${run.defaultDatasetId}`);
      itemCounts.push(((await dataset.json()) as { data: { itemCount: number } }).data.itemCount);
      logs.push(await (await api(`/actor-runs/${run.id}/log`)).text());
    }
    expect(statuses).toEqual(['RUNNING', 'RUNNING', 'RUNNING', 'SUCCEEDED']);
    expect(itemCounts).toEqual([10, 20, 30, 40]);
    expect(logs[0]).toBe('one\n');
    expect(logs[3]).toBe('one\ntwo\nthree\nfour\n');
    // Append-only: every later log starts with the earlier one.
    logs.reduce((earlier, later) => (expect(later.startsWith(earlier)).toBe(true), later));
  });

  it('holds waitForFinish only up to its cap while running, and answers at once when the run ends', async () => {
    fake.script('me~slow', { polls: 100 });
    fake.script('me~quick', { durationMs: 60 });
    const slow = await startRun('me~slow');

    let started = Date.now();
    expect((await runStatus(slow.id as string, '?waitForFinish=60')).status).toBe('RUNNING');
    const held = Date.now() - started;
    expect(held).toBeGreaterThanOrEqual(140);
    expect(held).toBeLessThan(1000);

    const quick = await startRun('me~quick');
    started = Date.now();
    // The first poll ticks and holds; the 60 ms run finishes during the hold.
    expect((await runStatus(quick.id as string, '?waitForFinish=60')).status).toBe('SUCCEEDED');
    expect(Date.now() - started).toBeLessThan(140);
  });

  it('aborts a running run: ABORTING at once, ABORTED afterwards, items frozen', async () => {
    fake.script('me~long', { polls: 9, items: { count: 100, item: (i) => ({ i }) } });
    const run = await startRun('me~long');
    await runStatus(run.id as string);
    const abort = await api(`/actor-runs/${run.id}/abort`, { method: 'POST' });
    expect(((await abort.json()) as { data: { status: string } }).data.status).toBe('ABORTING');
    const after = await runStatus(run.id as string);
    expect(after.status).toBe('ABORTED');
    expect(after.finishedAt).toEqual(expect.any(String));
    expect(fake.runs()[0]?.itemCount).toBe(10);

    // A finished run is left as it is.
    const again = await api(`/actor-runs/${run.id}/abort`, { method: 'POST' });
    expect(((await again.json()) as { data: { status: string } }).data.status).toBe('ABORTED');
  });

  it('chooses the scenario from the input when given a function', async () => {
    fake.script('me~picky', (input) =>
      (input as { fail?: boolean }).fail
        ? { outcome: 'FAILED', statusMessage: 'Bad target' }
        : { outcome: 'SUCCEEDED' },
    );
    const bad = await startRun('me~picky', { fail: true });
    const good = await startRun('me~picky', { fail: false });
    expect(await runStatus(bad.id as string)).toMatchObject({
      status: 'FAILED',
      statusMessage: 'Bad target',
    });
    expect((await runStatus(good.id as string)).status).toBe('SUCCEEDED');
  });
});

describe('fake Apify: dataset items', () => {
  it('pages with offset/limit, a bare array and the pagination headers', async () => {
    fake.script('me~items', { items: { count: 25, item: (i) => ({ i, '#debug': 'x' }) } });
    const run = await startRun('me~items');
    await runStatus(run.id as string);
    const res = await api(`/datasets/${run.defaultDatasetId}/items?offset=20&limit=10&clean=1`);
    expect(await res.json()).toEqual([20, 21, 22, 23, 24].map((i) => ({ i })));
    expect(res.headers.get('x-apify-pagination-total')).toBe('25');
    expect(res.headers.get('x-apify-pagination-offset')).toBe('20');
    expect(res.headers.get('x-apify-pagination-limit')).toBe('10');
    expect(res.headers.get('x-apify-pagination-count')).toBe('5');

    const desc = await api(`/datasets/${run.defaultDatasetId}/items?limit=2&desc=1`);
    expect(await desc.json()).toEqual([
      { i: 24, '#debug': 'x' },
      { i: 23, '#debug': 'x' },
    ]);
    const csv = await api(`/datasets/${run.defaultDatasetId}/items?format=csv`);
    expect(csv.status).toBe(400);
  });

  it('generates only the items a request asks for', async () => {
    const generated: number[] = [];
    fake.script('me~huge', {
      items: {
        count: 1_000_000,
        item: (i) => {
          generated.push(i);
          return { i };
        },
      },
    });
    const run = await startRun('me~huge');
    await runStatus(run.id as string);
    const res = await api(`/datasets/${run.defaultDatasetId}/items?offset=500000&limit=3`);
    expect(await res.json()).toEqual([{ i: 500000 }, { i: 500001 }, { i: 500002 }]);
    expect(generated).toEqual([500000, 500001, 500002]);
  });
});

describe('fake Apify: faults', () => {
  it('answers the next K requests to an endpoint with 429 + Retry-After, then normally', async () => {
    fake.fault({ endpoint: 'user.me', status: 429, times: 2, retryAfterSecs: 7 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api('/users/me');
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toBe('7');
        expect(((await res.json()) as { error: { type: string } }).error.type).toBe(
          'rate-limit-exceeded',
        );
      }
    }
    expect(statuses).toEqual([429, 429, 200]);
  });

  it('slows a response down, and can cut the connection', async () => {
    fake.fault({ endpoint: 'any', delayMs: 120 });
    const started = Date.now();
    expect((await api('/users/me')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);

    fake.fault({ endpoint: 'user.me', resetConnection: true });
    await expect(api('/users/me')).rejects.toThrow();
    expect((await api('/users/me')).status).toBe(200);
  });
});

describe('fake Apify: run cost', () => {
  type RunObject = {
    status: string;
    usageTotalUsd: number;
    usage: Record<string, number>;
    usageUsd: Record<string, number>;
    stats: Record<string, number>;
  };
  async function run(runId: string): Promise<RunObject> {
    const res = await api(`/actor-runs/${runId}`);
    return ((await res.json()) as { data: RunObject }).data;
  }

  it('reports usageTotalUsd growing while the run goes and the scenario cost at the end', async () => {
    fake.script('someone/costly', { polls: 3, usageTotalUsd: 0.04, items: [{ a: 1 }, { a: 2 }] });
    const id = String((await startRun('someone~costly')).id);
    const costs: number[] = [];
    for (;;) {
      const data = await run(id);
      costs.push(data.usageTotalUsd);
      if (data.status === 'SUCCEEDED') break;
    }
    expect(costs).toEqual([0.01, 0.02, 0.03, 0.04]);
    expect(fake.runs('someone/costly')[0]?.usageTotalUsd).toBe(0.04);
  });

  it('keeps usage, usageUsd and stats in the real shape, the dollars adding up to the total', async () => {
    fake.script('someone/costly', { usageTotalUsd: 0.0123, items: [{ a: 1 }, { a: 2 }, { a: 3 }] });
    const id = String((await startRun('someone~costly')).id);
    const data = await run(id);
    expect(data.usageTotalUsd).toBe(0.0123);
    expect(data.usage).toMatchObject({ ACTOR_COMPUTE_UNITS: expect.any(Number), DATASET_WRITES: 3, PROXY_SERPS: 0 });
    expect(Object.keys(data.usageUsd).sort()).toEqual(Object.keys(data.usage).sort());
    const sum = Object.values(data.usageUsd).reduce((total, usd) => total + usd, 0);
    expect(sum).toBeCloseTo(0.0123, 9);
    expect(data.stats).toMatchObject({ computeUnits: data.usage.ACTOR_COMPUTE_UNITS, memCurrentBytes: 0, metamorph: 0 });
    for (const key of ['memAvgBytes', 'memMaxBytes', 'cpuAvgUsage', 'cpuMaxUsage', 'netRxBytes', 'netTxBytes', 'runTimeSecs']) {
      expect(typeof data.stats[key], key).toBe('number');
    }
  });

  it('prices a run without a scripted cost as a pay-per-result actor, and freezes the cost on abort', async () => {
    fake.script('someone/default', { items: { count: 100, item: (i) => ({ i }) } });
    const quick = String((await startRun('someone~default')).id);
    expect((await run(quick)).usageTotalUsd).toBe(0.045);

    fake.script('someone/slow', { polls: 4, usageTotalUsd: 1 });
    const slow = String((await startRun('someone~slow')).id);
    await run(slow);
    await run(slow);
    const abort = await api(`/actor-runs/${slow}/abort`, { method: 'POST' });
    expect(((await abort.json()) as { data: RunObject }).data.usageTotalUsd).toBe(0.4);
    const after = await run(slow);
    expect(after.status).toBe('ABORTED');
    expect(after.usageTotalUsd).toBe(0.4);
  });
});

describe('fake Apify: an actor run list', () => {
  async function listRuns(actorId: string, query = '', token = fake.token) {
    const res = await api(`/actors/${actorId}/runs${query}`, { token });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { total: number; offset: number; limit: number; desc: boolean; count: number; items: Array<Record<string, unknown>> } }).data;
  }

  it('lists the runs of one actor oldest first, with meta.userAgent of the start, as Apify lists them', async () => {
    fake.script('me~actor', { items: [{ a: 1 }] });
    fake.script('me~other', { items: [] });
    const first = await api('/acts/me~actor/runs', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'ApifyClient/2; scrapper-start/one' }, body: '{}' });
    expect(first.status).toBe(201);
    await startRun('me~other');
    await startRun('me~actor');

    const page = await listRuns('me~actor');
    expect(page).toMatchObject({ total: 2, offset: 0, limit: 1000, desc: false, count: 2 });
    const [a, b] = page.items;
    expect(a?.meta).toMatchObject({ origin: 'API', userAgent: 'ApifyClient/2; scrapper-start/one' });
    expect(Object.keys(a ?? {}).sort()).toEqual(
      ['actId', 'actorTaskId', 'buildId', 'buildNumber', 'defaultDatasetId', 'defaultKeyValueStoreId', 'defaultRequestQueueId', 'finishedAt', 'id', 'meta', 'startedAt', 'status', 'usageTotalUsd', 'userId'].sort(),
    );
    expect(Date.parse(String(a?.startedAt))).toBeLessThanOrEqual(Date.parse(String(b?.startedAt)));
    expect((await listRuns('me~actor', '?desc=1')).items.map((r) => r.id)).toEqual([b?.id, a?.id]);
    // The actor's id addresses the same list.
    expect((await listRuns(String(a?.actId))).total).toBe(2);
  });

  it('filters by startedAfter/startedBefore (inclusive) and status, and pages with offset/limit up to 1000', async () => {
    fake.script('me~actor', { polls: 5 });
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await startRun('me~actor'));
    const second = runs[1] as Record<string, string>;
    const after = await listRuns('me~actor', `?startedAfter=${encodeURIComponent(second.startedAt ?? '')}`);
    expect(after.items.map((r) => r.id)).toContain(second.id);
    for (const r of after.items) expect(Date.parse(String(r.startedAt))).toBeGreaterThanOrEqual(Date.parse(second.startedAt ?? ''));
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await listRuns('me~actor', `?startedAfter=${future}`)).total).toBe(0);
    expect((await listRuns('me~actor', `?startedBefore=${new Date(0).toISOString()}`)).total).toBe(0);
    expect((await listRuns('me~actor', '?status=SUCCEEDED')).total).toBe(0);
    expect((await listRuns('me~actor', '?status=READY,RUNNING')).total).toBe(3);

    const page = await listRuns('me~actor', '?offset=1&limit=1');
    expect(page).toMatchObject({ total: 3, offset: 1, limit: 1, count: 1 });
    expect(page.items[0]?.id).toBe(second.id);
    expect((await listRuns('me~actor', '?limit=5000')).limit).toBe(1000);
    expect((await api('/actors/me~actor/runs?startedAfter=yesterday')).status).toBe(400);
  });

  it("shows each token only its own account's runs", async () => {
    fake.addToken('someone-elses-token', 'someone-else');
    fake.script('me~actor', {});
    await startRun('me~actor');
    expect((await listRuns('me~actor')).total).toBe(1);
    expect((await listRuns('me~actor', '', 'someone-elses-token')).total).toBe(0);
  });

  it('answers 404 for an actor it does not know', async () => {
    const res = await api('/actors/me~nobody/runs');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'record-not-found' } });
  });
});

describe("fake Apify: a run's INPUT record", () => {
  it('serves the start body as the INPUT record of the run\'s default key-value store', async () => {
    fake.script('me~actor', {});
    const run = await startRun('me~actor', { searchQueries: ['kucing'] });
    for (const path of [`/key-value-stores/${run.defaultKeyValueStoreId}/records/INPUT`, `/actor-runs/${run.id}/key-value-store/records/INPUT`]) {
      const res = await api(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ searchQueries: ['kucing'] });
    }
    expect((await api(`/key-value-stores/${run.defaultKeyValueStoreId}/records/OUTPUT`)).status).toBe(404);
    expect((await api('/key-value-stores/nope/records/INPUT')).status).toBe(404);
  });
});

describe('fake Apify: holding an endpoint', () => {
  it('keeps a request unanswered, recorded, until released', async () => {
    fake.script('me~actor', {});
    const hold = fake.hold('actor.start');
    const started = startRun('me~actor');
    const held = await hold.arrived;
    expect(held).toMatchObject({ endpoint: 'actor.start', status: 0 });
    expect(fake.runs()).toHaveLength(0);
    hold.release();
    await started;
    expect(held.status).toBe(201);
    expect(fake.runs()).toHaveLength(1);
  });
});
