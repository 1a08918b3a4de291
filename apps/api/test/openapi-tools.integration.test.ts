// The OpenAPI document as third-party tools see it: the one the app serves at /api/docs/json,
// linted by Redocly CLI (recommended rules) and Spectral (spectral:oas) with no errors and only
// the warnings listed below (each one a decision, see docs/decisions.md), and turned into a
// TypeScript client by openapi-typescript that a small script type-checks and runs against.
// The tools run offline: their configs are here, Redocly's telemetry is off.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

const run = promisify(execFile);
const API_DIR = join(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** The JavaScript file behind a package's command (node_modules/.bin holds shell shims). */
function binOf(pkg: string, command: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[command];
  if (!bin) throw new Error(`${pkg} has no ${command} command`);
  return join(manifestPath, '..', bin);
}
const CONFIG_DIR = join(import.meta.dirname, 'openapi');
const TOOL_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/**
 * Warnings the document keeps on purpose, as `rule operation` (or `rule` for the document):
 * the liveness and readiness probes answer no 4xx (they take no input and need no session).
 */
// Public reads that take no input a client could get wrong: nothing to answer with a 4xx.
const ALLOWED_WARNINGS = new Set([
  'operation-4xx-response systemHealth',
  'operation-4xx-response systemReady',
  'operation-4xx-response dataDeletionInfo',
]);

interface Problem {
  rule: string;
  severity: 'error' | 'warning';
  operationId: string | undefined;
  where: string;
  message: string;
}

/** The operationId at a JSON pointer into the document (`#/paths/~1api~1x/get/...`). */
function operationAt(document: any, segments: string[]): string | undefined {
  const [root, path, method] = segments;
  if (root !== 'paths' || path === undefined || method === undefined) return undefined;
  return document.paths?.[path]?.[method]?.operationId;
}

async function redocly(file: string, document: any): Promise<Problem[]> {
  const args = [binOf('@redocly/cli', 'redocly'), 'lint', file, '--config', join(CONFIG_DIR, 'redocly.yaml'), '--format', 'json'];
  // Exits 1 when it finds errors; the report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { env: TOOL_ENV, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
    problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
  };
  return report.problems.map((p) => {
    const pointer = p.location[0]?.pointer ?? '';
    const segments = pointer.replace(/^#\//, '').split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    return {
      rule: p.ruleId,
      severity: p.severity === 'error' ? 'error' : 'warning',
      operationId: operationAt(document, segments),
      where: pointer,
      message: p.message,
    };
  });
}

async function spectral(file: string, document: any): Promise<Problem[]> {
  const args = [binOf('@stoplight/spectral-cli', 'spectral'), 'lint', file, '--ruleset', join(CONFIG_DIR, 'spectral.yaml'), '--format', 'json', '--quiet'];
  const { stdout } = await run(process.execPath, args, { env: TOOL_ENV, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  const start = stdout.indexOf('[');
  const report = (start < 0 ? [] : JSON.parse(stdout.slice(start))) as Array<{ code: string; severity: number; message: string; path: string[] }>;
  return report.map((p) => ({
    rule: p.code,
    // 0 error, 1 warning, 2 info, 3 hint
    severity: p.severity === 0 ? 'error' : 'warning',
    operationId: operationAt(document, p.path),
    where: p.path.join('.'),
    message: p.message,
  }));
}

/** What the linters said beyond the decisions above. */
function unexpected(problems: Problem[]): string[] {
  return problems
    .filter((p) => p.severity === 'error' || !(ALLOWED_WARNINGS.has(`${p.rule} ${p.operationId}`) || ALLOWED_WARNINGS.has(p.rule)))
    .map((p) => `${p.severity} ${p.rule} at ${p.where}: ${p.message}`);
}

describe('the OpenAPI document with third-party tools', () => {
  let h: Harness;
  let document: any;
  let workDir: string;
  let documentFile: string;

  beforeAll(async () => {
    h = await startHarness();
    const res = await fetch(`${h.baseUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    document = await res.json();
    // Under node_modules of this package: the client script resolves openapi-fetch from here.
    const cacheDir = join(API_DIR, 'node_modules', '.cache');
    mkdirSync(cacheDir, { recursive: true });
    workDir = mkdtempSync(join(cacheDir, 'openapi-check-'));
    documentFile = join(workDir, 'openapi.json');
    writeFileSync(documentFile, JSON.stringify(document, null, 2));
  });

  afterAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
    await h?.close();
  });

  it('names every operation after its contract and says who may call it', () => {
    const operations = Object.values<any>(document.paths).flatMap((item) => Object.values<any>(item));
    expect(operations.length).toBeGreaterThan(80);
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = new Map(operations.map((o) => [o.operationId, o]));
    expect(byId.get('scrapeStart')).toBeDefined();
    expect(byId.get('authLogin').security).toEqual([]);
    expect(byId.get('usersList')['x-required-role']).toBe('admin');
    expect(Object.keys(byId.get('usersList').responses)).toContain('403');
    expect(Object.keys(byId.get('mediaDownload').responses['200'].content)).toContain('video/mp4');
    expect(Object.keys(byId.get('youtubeAuthCallback').responses['200'].content)).toEqual(['text/html']);
    expect(Object.keys(byId.get('systemMetrics').responses['200'].content)).toEqual(['text/plain']);
    expect(byId.get('youtubeUpload').requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('videoFile');
    expect(document.servers?.[0]?.url).toBe(h.baseUrl);
  });

  it('answers errors before routing and bodies a write does not take with the one error body', async () => {
    await h.createUser('tanpa-body', 'rahasia-tanpa-1', 'user');
    const token = await h.login('tanpa-body', 'rahasia-tanpa-1');
    // Fastify's own 414 had a `code` field, said 'Bad Request' and repeated the whole path.
    const long = await h.request('PUT', `/api/notifications/${'a'.repeat(5000)}/read`, { token });
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ statusCode: 414, error: 'URI Too Long', message: expect.stringMatching(/terlalu panjang/) });
    // The document says PUT /api/notifications/{id}/read takes no body: one is refused, not ignored.
    const withBody = await h.request('PUT', '/api/notifications/0b8e2f4c-7a1d-4c3e-9f6a-2d5b8c1e4f70/read', { token, body: { isRead: false } });
    expect(withBody.status).toBe(400);
    expect(withBody.body.message).toMatch(/tidak menerima body/);
    expect(document.paths['/api/notifications/{id}/read'].put.requestBody).toBeUndefined();
  });

  it('lints with no errors under Redocly recommended and Spectral spectral:oas', async () => {
    const [fromRedocly, fromSpectral] = await Promise.all([redocly(documentFile, document), spectral(documentFile, document)]);
    expect(unexpected(fromRedocly)).toEqual([]);
    expect(unexpected(fromSpectral)).toEqual([]);
  }, 180_000);

  it('the linters refuse an operation without an operationId or a public one without `security: []`', async () => {
    const broken = structuredClone(document);
    delete broken.paths['/api/scrape/start'].post.operationId;
    delete broken.paths['/api/health'].get.security;
    const file = join(workDir, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    const problems = unexpected(await redocly(file, broken));
    expect(problems.some((p) => p.includes('operation-operationId') && p.includes('~1api~1scrape~1start'))).toBe(true);
    expect(problems.some((p) => p.includes('security-defined') && p.includes('~1api~1health'))).toBe(true);
  }, 120_000);

  it('generates a TypeScript client that type-checks and runs a script calling five endpoints', async () => {
    const ast = await openapiTS(JSON.parse(readFileSync(documentFile, 'utf8')));
    writeFileSync(join(workDir, 'schema.ts'), astToString(ast));
    writeFileSync(join(workDir, 'script.ts'), readFileSync(join(CONFIG_DIR, 'client-script.ts.txt'), 'utf8'));
    writeFileSync(
      join(workDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2023',
          lib: ['es2023', 'dom'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          allowImportingTsExtensions: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['script.ts'],
      }),
    );
    const tsc = await run(process.execPath, [binOf('typescript', 'tsc'), '-p', join(workDir, 'tsconfig.json')], { env: TOOL_ENV }).catch(
      (error: { stdout?: string; code?: number }) => ({ stdout: `exit ${error.code}: ${error.stdout ?? ''}` }),
    );
    expect(tsc.stdout).toBe('');

    // The same script against this app: every answer is also checked by the harness.
    await h.createUser('klien', 'rahasia-klien-1', 'user');
    const script = (await import(join(workDir, 'script.ts'))) as {
      runScript(baseUrl: string, username: string, password: string): Promise<Record<string, unknown>>;
    };
    const result = await script.runScript(h.baseUrl, 'klien', 'rahasia-klien-1');
    expect(result).toMatchObject({ username: 'klien', historyTotal: 0, markReadStatus: 404, health: 'ok', historyStatus: 404, gotBlob: false });
    expect(result.markReadMessage).toMatch(/\S/);
  }, 180_000);
});
