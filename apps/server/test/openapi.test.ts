import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import Fastify from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiPlugin } from '../src/plugins/openapi';
import { type JsonBody, type TestApp, startTestApp } from './support/test-app';

/**
 * The OpenAPI document as a client developer meets it (issue 11 §7): Redocly's recommended rules
 * find no error, every operation has an id and described answers, and a TypeScript client generated
 * by openapi-typescript compiles and types the calls.
 *
 * Pinned: @redocly/cli 2.77.0 (a self-contained bundle, no install scripts, lints offline; its engines
 * accept Node >=20.19 <21 and it warns that later releases need Node 22) and openapi-typescript 7.13.0
 * (peer typescript ^5, generates with our 5.9.3; brings @redocly/openapi-core 1.x for its own parsing).
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let t: TestApp;
let document: JsonBody;
let workDir: string;

beforeAll(async () => {
  t = await startTestApp();
  const response = await t.request('GET', '/api/docs/json');
  expect(response.status).toBe(200);
  document = response.body;
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-openapi-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

function operations(): { method: string; path: string; operation: JsonBody }[] {
  return Object.entries(document.paths as Record<string, JsonBody>).flatMap(([pathName, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path: pathName, operation: item[method] })),
  );
}

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with no error', async () => {
    const file = path.join(workDir, 'openapi.json');
    await fs.writeFile(file, JSON.stringify(document));
    // @redocly/cli 2.77.0 runs offline on Node 20.19+; telemetry and the update check off.
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    const { stdout } = await run(process.execPath, [cli, 'lint', file, '--format=json'], {
      cwd: workDir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number }; problems: RedoclyProblem[] };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // The warnings left: public reads that cannot fail (no 4xx to declare), and no licence chosen yet.
    for (const problem of report.problems.filter((p) => p.severity === 'warn')) {
      expect(['operation-4xx-response', 'info-license'], `${problem.ruleId}: ${problem.message}`).toContain(problem.ruleId);
    }
  }, 60_000);

  it('gives every operation a unique camelCase id, a summary, security and described answers', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(50);
    const ids = ops.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path: pathName, operation } of ops) {
      const where = `${method.toUpperCase()} ${pathName}`;
      expect(operation.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(operation.summary, where).toBeTruthy();
      expect(Array.isArray(operation.security), where).toBe(true);
      const responses = Object.entries(operation.responses as Record<string, JsonBody>);
      expect(responses.some(([status]) => /^[23]\d\d$/.test(status)), where).toBe(true);
      for (const [status, response] of responses) {
        expect(status, where).toMatch(/^\d{3}$/);
        expect(response.description, `${where} ${status}`).not.toBe('Default Response');
        if (status === '204' || status === '304') expect(response.content, `${where} ${status}`).toBeUndefined();
        else expect(response.content, `${where} ${status}`).toBeDefined();
        if (Number(status) >= 400) {
          const schema = response.content['application/json'].schema.$ref;
          expect(['#/components/schemas/Error', '#/components/schemas/LegacyResult'], `${where} ${status}`).toContain(schema);
        }
      }
    }
  });

  it('names the shared shapes as components and writes the photo once', () => {
    const schemas = Object.keys(document.components.schemas);
    for (const name of ['Photo', 'PhotoPage', 'Session', 'SessionSummary', 'Order', 'CartItem', 'Error', 'LegacyResult', 'TokenResponse', 'UserDetails']) {
      expect(schemas, name).toContain(name);
    }
    expect(schemas.filter((name) => name.endsWith('Input'))).toEqual([]);
    // The photo's fields appear once, in its component.
    expect(JSON.stringify(document).split('"isSkkipped":').length - 1).toBe(1);
    const page = document.paths['/api/sessions/GetUserSessionsPage'].get;
    expect(page.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PhotoPage' });
    expect(page.responses['304']).toBeDefined();
    expect(page.parameters.find((p: JsonBody) => p.name === 'flag').schema.enum).toEqual(['All', 'Original', 'Favorites', 'Retouched', 'Skip', 'Shared', 'Downloads']);
  });

  it('declares files as binary, public calls with security [], and no wildcard path', () => {
    const zip = document.paths['/api/ex/images/download-selected-images-zip'].post.responses['200'].content;
    expect(zip).toEqual({ 'application/zip': { schema: { type: 'string', format: 'binary' } } });
    const download = document.paths['/api/ex/images/download/{hash}'].get.responses['200'].content;
    expect(download['image/jpeg'].schema.format).toBe('binary');
    expect(document.paths['/api/authenticate'].post.security).toEqual([]);
    expect(document.paths['/api/account/logout'].post.responses['204'].content).toBeUndefined();
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(Object.keys(document.paths).filter((p) => p.includes('*'))).toEqual([]);
  });

  it('covers every operation of the route table (hidden ones aside)', () => {
    const documented = new Set(operations().map(({ operation }) => operation.operationId as string));
    const declared = t.app.apiRouteTable.operations.filter((route) => !route.operation.hidden).map((route) => route.operation.operationId);
    expect(new Set(declared)).toEqual(documented);
  });

  it('generates a TypeScript client (openapi-typescript) that compiles and types the calls', async () => {
    const source = astToString(await openapiTS(document));
    // A .ts module (types only), so that it is checked while the standard library is skipped.
    await fs.writeFile(path.join(workDir, 'api.ts'), source);
    await fs.writeFile(
      path.join(workDir, 'client.ts'),
      `import type { components, operations, paths } from './api';

type Json<Op extends keyof operations, Status extends keyof operations[Op]['responses']> =
  operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;

type Photo = components['schemas']['Photo'];
const page: Json<'getUserPhotoPage', 200> = {
  items: [] as Photo[], page: 1, pageSize: 12, totalPages: 0, totalCount: 0, overallAllCount: 0,
  totalRetouchedCount: 0, totalOriginalCount: 0, totalLikedCount: 0, totalSkipCount: 0, showSinglePage: true,
};
const query: operations['getUserPhotoPage']['parameters']['query'] = { userId: 7, flag: 'Favorites', pageSize: 24 };
// @ts-expect-error flag is one of the five tabs
const wrongFlag: operations['getUserPhotoPage']['parameters']['query'] = { userId: 7, flag: 'Liked' };
const notFound: Json<'getOrder', 404> = { message: 'Order not found.' };
const legacy: Json<'register', 409> = { success: false, massage: 'taken', message: 'taken' };
const order: components['schemas']['Order']['items'][number]['serviceType'] = 'BACKGROUNDSERVICE';
const zip: operations['downloadPhotosZip']['responses'][200]['content']['application/zip'] = 'bytes';
const signedOut: operations['logout']['responses'][204]['content'] = undefined;
const token: Json<'signIn', 200>['id_token'] = 'jwt';
const orderPath: keyof paths = '/api/SpecialRequest/{id}';
const params: operations['getOrder']['parameters']['path'] = { id: 3 };
export const used = [page, query, wrongFlag, notFound, legacy, order, zip, signedOut, token, orderPath, params];
`,
    );
    const program = ts.createProgram([path.join(workDir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    expect(source).toContain('getUserPhotoPage: {');
  }, 60_000);
});

describe('the route table', () => {
  async function appWith(register: (app: ReturnType<typeof bareApp>) => void) {
    const app = bareApp();
    await app.register(openApiPlugin, { version: '0.0.0' });
    await app.register(async (api) => register(api as unknown as ReturnType<typeof bareApp>), { prefix: '/api' });
    return app;
  }
  function bareApp() {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    return app;
  }

  it('refuses to start with an /api route that declares no operation', async () => {
    await expect(
      appWith((api) => {
        api.get('/editor/recipes', { schema: { summary: 'Forgotten', response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/GET \/api\/editor\/recipes has no config.operation/);
  });

  it('refuses an answer without a description and a taken operationId', async () => {
    await expect(
      appWith((api) => {
        api.get(
          '/booking/slots',
          {
            config: { operation: { operationId: 'listSlots', access: 'public', answers: {} } },
            schema: { summary: 'Slots', response: { 200: z.object({ ok: z.boolean() }) } },
          },
          async () => ({ ok: true }),
        );
      }),
    ).rejects.toThrow(/its 200 answer has no description/);
    await expect(
      appWith((api) => {
        for (const url of ['/a', '/b']) {
          api.get(url, { config: { operation: { operationId: 'twice', access: 'public', answers: { 204: 'Nothing' } } }, schema: { summary: 'Twice' } }, async () => null);
        }
      }),
    ).rejects.toThrow(/operationId twice is taken/);
  });
});
