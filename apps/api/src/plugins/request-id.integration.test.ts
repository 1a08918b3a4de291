// The request id travels from the HTTP request into the jobs it enqueues (issue 15): the job's
// data carries it beside the payload, and the worker puts it on every log line of the job
// (apps/worker/src/job-logs.integration.test.ts reads those lines).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let admin = '';

beforeAll(async () => {
  h = await startHarness();
  await h.createUser('jejak', 'jejak-password', 'admin');
  admin = await h.login('jejak', 'jejak-password');
});
afterAll(() => h.close());

async function sweepJobData(runId: string): Promise<Record<string, unknown> | undefined> {
  const jobs = await h.database.sql<{ data: Record<string, unknown> }[]>`
    select data from pgboss.job where name = 'maintenance.sweep' and data->>'runId' = ${runId}`;
  return jobs[0]?.data;
}

it("stamps the request's X-Request-Id on the job it enqueues and answers with it", async () => {
  const res = await h.request('POST', '/api/admin/maintenance/runs', { token: admin, headers: { 'x-request-id': 'proxy-abc-123' } });
  expect(res.status).toBeLessThan(300);
  expect(res.headers.get('x-request-id')).toBe('proxy-abc-123');
  expect(await sweepJobData(res.body.id)).toMatchObject({ runId: res.body.id, requestId: 'proxy-abc-123' });
});

it('makes up an id when none (or an unusable one) is sent, and the job carries that one', async () => {
  const res = await h.request('POST', '/api/admin/maintenance/runs', { token: admin, headers: { 'x-request-id': 'no spaces {allowed}' } });
  const id = res.headers.get('x-request-id') ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect((await sweepJobData(res.body.id))?.requestId).toBe(id);
});
