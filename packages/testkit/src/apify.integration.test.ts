// The real apify-client, through our adapter, against the fake Apify API. It lives in testkit
// because testkit may depend on integrations, not the other way round (see README).
import {
  ApifyError,
  createApify,
  isRetryableApifyError,
  type Apify,
  type ApifyOptions,
  type ItemsPage,
} from '@scrapper/integrations/apify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApify, type FakeApify } from './fake-apify/start-fake-apify.ts';

let fake: FakeApify;

beforeAll(async () => {
  fake = await startFakeApify({ waitForFinishCapMs: 50 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

function adapter(overrides: Partial<ApifyOptions> = {}): Apify {
  return createApify({
    token: fake.token,
    baseUrl: fake.baseUrl,
    maxRetries: 1,
    minRetryDelayMs: 5,
    timeoutSecs: 10,
    ...overrides,
  });
}

/** Polls like the worker does, until the run is final. */
async function followToEnd(apify: Apify, runId: string) {
  for (let poll = 0; poll < 50; poll++) {
    const run = await apify.getRun(runId, 30);
    if (!run) throw new Error('run vanished');
    if (run.isTerminal) return run;
  }
  throw new Error('run never finished');
}

async function rejection(promise: Promise<unknown>): Promise<ApifyError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApifyError))
    throw new Error(`expected an ApifyError, got ${String(error)}`);
  return error;
}

describe('apify adapter: tokens', () => {
  it('names the user of a valid token', async () => {
    fake.addToken('alice-token', 'alice');
    expect(await adapter({ token: 'alice-token' }).validateToken()).toEqual({
      ok: true,
      username: 'alice',
    });
  });

  it('tells an invalid token from an unreachable Apify', async () => {
    expect(await adapter({ token: 'wrong' }).validateToken()).toMatchObject({
      ok: false,
      reason: 'invalid-token',
    });
    const closed = await startFakeApify();
    await closed.close();
    expect(await adapter({ baseUrl: closed.baseUrl, maxRetries: 0 }).validateToken()).toMatchObject(
      {
        ok: false,
        reason: 'unavailable',
      },
    );
  });
});

describe('apify adapter: runs', () => {
  it('starts one run, follows it to SUCCEEDED and pages 2,500 items', async () => {
    fake.script('clockworks/tiktok-scraper', {
      polls: 3,
      items: { count: 2500, item: (i) => ({ id: `v${i}`, plays: i }) },
      logLines: ['Starting', 'Crawling', 'Done'],
    });
    const apify = adapter();
    const started = await apify.startRun('clockworks/tiktok-scraper', { hashtags: ['cats'] });
    expect(started.status).toBe('READY');

    const first = await apify.getRun(started.runId, 30);
    expect(first).toMatchObject({ status: 'RUNNING', isTerminal: false, itemCount: 625 });
    const run = await followToEnd(apify, started.runId);
    expect(run).toMatchObject({
      runId: started.runId,
      status: 'SUCCEEDED',
      datasetId: started.datasetId,
      itemCount: 2500,
    });
    expect(run.finishedAt).toBeInstanceOf(Date);

    const pages: ItemsPage[] = [];
    for await (const page of apify.iterateItems(run.datasetId, 1000)) pages.push(page);
    expect(pages.map((p) => [p.offset, p.items.length, p.total])).toEqual([
      [0, 1000, 2500],
      [1000, 1000, 2500],
      [2000, 500, 2500],
    ]);
    const ids = pages.flatMap((p) => p.items.map((item) => (item as { id: string }).id));
    expect(new Set(ids).size).toBe(2500);
    expect(ids.at(-1)).toBe('v2499');

    expect(await apify.readLog(started.runId)).toBe('Starting\nCrawling\nDone\n');
    const starts = fake.requests.filter((r) => r.endpoint === 'actor.start');
    expect(starts).toHaveLength(1);
    expect(starts[0]?.path).toBe('/v2/actors/clockworks~tiktok-scraper/runs');
    expect(fake.runs()).toHaveLength(1);
    expect(fake.runs()[0]?.input).toEqual({ hashtags: ['cats'] });
  });

  it.each([
    ['FAILED', 'Instagram blocked the login'],
    ['ABORTED', 'Aborted from the Apify console'],
    ['TIMED-OUT', 'The run hit its 300 s timeout'],
  ] as const)('surfaces the status message of a %s run', async (outcome, statusMessage) => {
    fake.script('me~scraper', { polls: 1, outcome, statusMessage });
    const apify = adapter();
    const { runId } = await apify.startRun('me~scraper', {});
    expect(await followToEnd(apify, runId)).toMatchObject({
      status: outcome,
      isTerminal: true,
      statusMessage,
    });
  });

  it('aborts a running run', async () => {
    fake.script('me~endless', { polls: 9, items: { count: 100, item: (i) => ({ i }) } });
    const apify = adapter();
    const { runId } = await apify.startRun('me~endless', {});
    await apify.getRun(runId);
    expect((await apify.abortRun(runId)).status).toBe('ABORTING');
    expect(await followToEnd(apify, runId)).toMatchObject({ status: 'ABORTED', itemCount: 10 });
  });

  it('reads the log a few new lines at a time', async () => {
    fake.script('me~chatty', { polls: 2, logLines: ['a', 'b', 'c', 'd', 'e', 'f'] });
    const apify = adapter();
    const { runId } = await apify.startRun('me~chatty', {});
    const seen: string[][] = [];
    let offset = 0;
    for (let poll = 0; poll < 3; poll++) {
      await apify.getRun(runId);
      const chunk = await apify.readNewLogLines(runId, offset);
      seen.push(chunk.lines);
      offset = chunk.nextOffset;
    }
    expect(seen).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
    expect(await apify.readNewLogLines(runId, offset, { final: true })).toEqual({
      lines: [],
      nextOffset: offset,
    });
  });

  it('sends a large input compressed, and the fake reads it whole', async () => {
    fake.script('me~big-input', {});
    const input = { urls: Array.from({ length: 200 }, (_, i) => `https://example.com/video/${i}`) };
    await adapter().startRun('me~big-input', input);
    const [start] = fake.requests.filter((r) => r.endpoint === 'actor.start');
    expect(start?.contentEncoding).toMatch(/^(br|gzip)$/);
    expect(start?.wireBytes).toBeLessThan(JSON.stringify(input).length / 2);
    expect(start?.body).toEqual(input);
  });
});

describe('apify adapter: run cost', () => {
  it("reports the run's usageTotalUsd as it grows and its final value", async () => {
    fake.script('clockworks/tiktok-scraper', { polls: 2, usageTotalUsd: 0.0375, items: [{ id: 'a' }] });
    const apify = adapter();
    const { runId } = await apify.startRun('clockworks/tiktok-scraper', {});
    const seen: (number | undefined)[] = [];
    for (;;) {
      const run = await apify.getRun(runId);
      seen.push(run?.usageTotalUsd);
      if (!run || run.isTerminal) break;
    }
    expect(seen).toEqual([0.0125, 0.025, 0.0375]);
  });

  it('reports what an aborted run spent, and undefined when Apify sends no cost', async () => {
    fake.script('clockworks/tiktok-scraper', { polls: 5, usageTotalUsd: 0.6 });
    const apify = adapter();
    const { runId } = await apify.startRun('clockworks/tiktok-scraper', {});
    await apify.getRun(runId);
    expect((await apify.abortRun(runId)).usageTotalUsd).toBe(0.1);
    expect((await apify.getRun(runId))?.usageTotalUsd).toBe(0.1);

    fake.script('clockworks/tiktok-scraper', { usageTotalUsd: Number.NaN });
    const free = await apify.startRun('clockworks/tiktok-scraper', {});
    expect((await apify.getRun(free.runId))?.usageTotalUsd).toBeUndefined();
  });
});

describe('apify adapter: errors', () => {
  it('never retries a start itself: a 429 comes back transient with Retry-After, no run started', async () => {
    fake.script('me~scraper', {});
    fake.fault({ endpoint: 'actor.start', status: 429, times: 3, retryAfterSecs: 17 });
    const error = await rejection(adapter({ maxRetries: 5 }).startRun('me~scraper', {}));
    expect(error).toMatchObject({ statusCode: 429, retryable: true, retryAfterMs: 17000 });
    expect(error.type).toBe('rate-limit-exceeded');
    expect(isRetryableApifyError(error)).toBe(true);
    expect(fake.requests.filter((r) => r.endpoint === 'actor.start')).toHaveLength(1);
    expect(fake.runs()).toHaveLength(0);
  });

  it('a 500 on start is transient and starts nothing', async () => {
    fake.script('me~scraper', {});
    fake.fault({ endpoint: 'actor.start', status: 500 });
    const error = await rejection(adapter().startRun('me~scraper', {}));
    expect(error).toMatchObject({ statusCode: 500, retryable: true, retryAfterMs: undefined });
    expect(fake.runs()).toHaveLength(0);
  });

  it('absorbs a 500 burst on reads within maxRetries, and reports a longer one as transient', async () => {
    fake.script('me~scraper', { items: [{ a: 1 }] });
    const apify = adapter({ maxRetries: 2 });
    const { runId } = await apify.startRun('me~scraper', {});

    fake.fault({ endpoint: 'run.get', status: 500, times: 2 });
    expect((await apify.getRun(runId))?.status).toBe('SUCCEEDED');

    fake.fault({ endpoint: 'run.get', status: 503, times: 3, retryAfterSecs: 4 });
    const error = await rejection(apify.getRun(runId));
    expect(error).toMatchObject({ statusCode: 503, retryable: true, retryAfterMs: 4000 });
    expect(fake.requests.filter((r) => r.endpoint === 'run.get')).toHaveLength(6);
  });

  it('reports a 429 burst on dataset pages as transient with Retry-After', async () => {
    fake.script('me~scraper', { items: [{ a: 1 }] });
    const apify = adapter();
    const { datasetId, runId } = await apify.startRun('me~scraper', {});
    await apify.getRun(runId);
    fake.fault({ endpoint: 'dataset.items', status: 429, times: 2, retryAfterSecs: 30 });
    const error = await rejection(apify.iterateItems(datasetId, 10).next());
    expect(error).toMatchObject({ statusCode: 429, retryable: true, retryAfterMs: 30000 });
  });

  it('treats a cut connection as transient', async () => {
    fake.fault({ endpoint: 'run.get', resetConnection: true, times: 2 });
    const error = await rejection(adapter().getRun('whatever'));
    expect(error).toMatchObject({ retryable: true, statusCode: undefined });
  });

  it('treats bad tokens and unknown actors or runs as permanent', async () => {
    const wrongToken = await rejection(adapter({ token: 'wrong' }).startRun('me~scraper', {}));
    expect(wrongToken).toMatchObject({
      statusCode: 401,
      type: 'user-or-token-not-found',
      retryable: false,
    });
    const unknownActor = await rejection(adapter().startRun('nobody/nothing', {}));
    expect(unknownActor).toMatchObject({
      statusCode: 404,
      type: 'record-not-found',
      retryable: false,
    });
    const abortMissing = await rejection(adapter().abortRun('missing'));
    expect(abortMissing).toMatchObject({ statusCode: 404, retryable: false });
    expect(await adapter().getRun('missing')).toBeUndefined();
  });
});

describe('apify adapter: huge datasets', () => {
  it('pages 20,000 items while the fake makes only the items asked for', async () => {
    let generated = 0;
    let highestIndex = -1;
    fake.script('me~huge', {
      items: {
        count: 20_000,
        item: (i) => {
          generated += 1;
          highestIndex = Math.max(highestIndex, i);
          return { id: i, caption: `video ${i}` };
        },
      },
    });
    const apify = adapter();
    const { runId, datasetId } = await apify.startRun('me~huge', {});
    await apify.getRun(runId);

    for await (const page of apify.iterateItems(datasetId, 2000)) {
      expect(page.items).toHaveLength(2000);
      break;
    }
    expect(generated).toBe(2000);
    expect(highestIndex).toBe(1999);

    let count = 0;
    let pages = 0;
    for await (const page of apify.iterateItems(datasetId, 2000)) {
      count += page.items.length;
      pages += 1;
    }
    expect([count, pages]).toEqual([20_000, 10]);
    expect(generated).toBe(22_000);
  });
});

describe('apify adapter: finding a run by its start marker', () => {
  const since = () => new Date(Date.now() - 60_000);

  it('sends the marker in the User-Agent, leaves the input as it was, and finds the run by it', async () => {
    fake.script('me/actor', { items: [{ n: 1 }] });
    const apify = adapter();
    const started = await apify.startRun('me/actor', { q: 'kucing' }, { marker: 'task-1.abcDEF123_-~' });
    await apify.startRun('me/actor', { q: 'kucing' }, { marker: 'task-2.abcDEF123' });
    await apify.startRun('me/actor', { q: 'kucing' });

    const [view] = fake.runs('me/actor');
    expect(view?.input).toEqual({ q: 'kucing' });
    expect(view?.userAgent).toMatch(/^ApifyClient\/.*; scrapper; scrapper-start\/task-1\.abcDEF123_-~$/);
    expect(await apify.findMarkedRuns('me/actor', 'task-1.abcDEF123_-~', since())).toEqual([started]);
    // A marker that is a prefix of another's is not that other's.
    expect(await apify.findMarkedRuns('me/actor', 'task-1.abcDEF12', since())).toEqual([]);
    expect(await apify.findMarkedRuns('me/actor', 'task-3.abcDEF123', since())).toEqual([]);
  });

  it('looks only at runs started since the given time', async () => {
    fake.script('me/actor', {});
    const apify = adapter();
    await apify.startRun('me/actor', {}, { marker: 'marker-old-run' });
    expect(await apify.findMarkedRuns('me/actor', 'marker-old-run', new Date(Date.now() + 60_000))).toEqual([]);
    expect(await apify.findMarkedRuns('me/actor', 'marker-old-run', since())).toHaveLength(1);
  });

  it('pages newest first through more runs than one page holds', async () => {
    fake.script('me/actor', {});
    const apify = adapter();
    // 1,001 runs: the marked one is the oldest, on the second page of 1000 (newest first).
    const marked = await apify.startRun('me/actor', {}, { marker: 'marker-on-page-two' });
    await new Promise((r) => setTimeout(r, 5));
    for (let batch = 0; batch < 10; batch++) {
      await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`${fake.baseUrl}/v2/acts/me~actor/runs`, { method: 'POST', headers: { authorization: `Bearer ${fake.token}` } }),
        ),
      );
    }
    expect(await apify.findMarkedRuns('me/actor', 'marker-on-page-two', since())).toEqual([marked]);
    const lists = fake.requests.filter((r) => r.endpoint === 'actor.runs');
    expect(lists.map((r) => [r.query.offset, r.query.desc])).toEqual([
      ['0', '1'],
      ['1000', '1'],
    ]);
    expect(lists[0]?.query.startedAfter).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('returns every run with the marker, oldest first', async () => {
    fake.script('me/actor', {});
    const apify = adapter();
    const first = await apify.startRun('me/actor', {}, { marker: 'marker-twice-started' });
    await new Promise((r) => setTimeout(r, 5));
    const second = await apify.startRun('me/actor', {}, { marker: 'marker-twice-started' });
    expect(await apify.findMarkedRuns('me/actor', 'marker-twice-started', since())).toEqual([first, second]);
  });

  it("does not see another account's runs", async () => {
    fake.addToken('second-account-token', 'second-account');
    fake.script('me/actor', {});
    await adapter({ token: 'second-account-token' }).startRun('me/actor', {}, { marker: 'marker-elsewhere' });
    expect(await adapter().findMarkedRuns('me/actor', 'marker-elsewhere', since())).toEqual([]);
    expect(await adapter({ token: 'second-account-token' }).findMarkedRuns('me/actor', 'marker-elsewhere', since())).toHaveLength(1);
  });

  it('refuses a marker that would not survive a User-Agent', async () => {
    const apify = adapter();
    await expect(apify.startRun('me/actor', {}, { marker: 'has; semicolon' })).rejects.toThrow(RangeError);
    await expect(apify.findMarkedRuns('me/actor', 'short', since())).rejects.toThrow(RangeError);
  });
});
