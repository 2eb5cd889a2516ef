import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';
import { isApiPath, openApiPathOf } from './openapi.ts';
import { namedOperations } from './operations.ts';

/**
 * The API reference is meant to be read by tools as much as by people: a partner lints it and generates a client
 * from it. These tests run the same tools on the document the shop serves: Redocly's linter with its recommended
 * rules, and openapi-typescript, whose types must then typecheck real calls (and refuse wrong ones).
 */

interface Operation {
  operationId?: string;
  summary?: string;
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

/**
 * What Redocly's recommended rules still warn about, each with why it is right for this API. Anything else, and
 * every error, fails the test.
 */
const ACCEPTED_WARNINGS: { rule: string; about: RegExp; why: string }[] = [
  {
    rule: 'no-ambiguous-paths',
    about: /`\/api\/orders\/customer\/\{email\}`/,
    why: "The spec names GET orders/customer/{email} beside orders/{orderId}/…; 'customer' is never an order number or id (orders are DP-… or numeric), and the literal segment is matched first.",
  },
  {
    rule: 'no-ambiguous-paths',
    about: /`\/api\/reviews\/product\/\{productId\}` and `\/api\/reviews\/\{id\}\/helpful`/,
    why: "The spec names GET reviews/product/{id} beside reviews/{id}/helpful; a review id is numeric, never 'product', and the literal segment is matched first.",
  },
  {
    rule: 'operation-2xx-response',
    about: /./,
    why: "GET /api/email/unsubscribe is the link in an e-mail's footer: it answers 303 to the page whose button unsubscribes, so a mail scanner that follows links cannot unsubscribe anyone.",
  },
];

const PUBLIC_URL = 'https://deosilperfumes.in';

let shop: TestShop;
let document: OpenApiDocument;
let workDir: string;
let documentFile: string;

beforeAll(async () => {
  // The document as production serves it: its server is the shop's public address (localhost draws a warning).
  shop = await startTestShop({ seed: false, env: { PUBLIC_URL } });
  const response = await shop.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  workDir = await mkdtemp(join(tmpdir(), 'deosil-openapi-'));
  documentFile = join(workDir, 'openapi.json');
  await writeFile(documentFile, response.body);
});
afterAll(async () => {
  await shop?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const operations = () => Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })));

describe('operation names', () => {
  it('gives every operation a summary and an operationId, each id used once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(80);
    const unnamed = all.filter(({ operation }) => !operation.summary || !operation.operationId).map(({ name }) => name);
    expect(unnamed, `Give each an operationId and a summary in server/http/operations.ts:\n${unnamed.join('\n')}`).toEqual([]);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.paths['/api/products/{id}']?.get?.operationId).toBe('getProduct');
  });

  it('names only routes that exist, so a renamed or removed route leaves no stale entry in server/http/operations.ts', () => {
    const routes = new Set(shop.app.routeList.filter((route) => isApiPath(route.url)).map((route) => `${route.method} ${openApiPathOf(route.url)}`));
    expect(namedOperations().filter((name) => !routes.has(name))).toEqual([]);
  });
});

describe("Redocly's linter, recommended rules", () => {
  it('finds no error, and no warning but those accepted above with their reason', async () => {
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const run = await promisify(execFile)(process.execPath, [cli, 'lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000', documentFile], {
      // No telemetry or update check from a test run.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
    const report = JSON.parse(run.stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
    const unexpected = report.problems
      .filter((problem) => problem.severity === 'error' || !ACCEPTED_WARNINGS.some(({ rule, about }) => rule === problem.ruleId && about.test(problem.message)))
      .map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`);
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // Each accepted warning still happens; one that no longer does is removed from the list.
    for (const { rule, about } of ACCEPTED_WARNINGS) expect(report.problems.some((problem) => problem.ruleId === rule && about.test(problem.message)), rule).toBe(true);
  }, 60_000);
});

/** Calls as a partner would write them against the generated types, in the style of openapi-fetch. */
const CALLS = `import type { operations, paths } from './api.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Success<O> = O extends { responses: infer R } ? JsonOf<R[keyof R & (200 | 201)]> : never;
type Request<O> = (O extends { parameters: infer P } ? { params: P } : object) &
  (O extends { requestBody: { content: { 'application/json': infer B } } } ? { body: B } : O extends { requestBody?: { content: { 'application/json': infer B } } } ? { body?: B } : object);

/** The methods a path really has (the generated path items list the others as \`?: never\`). */
type MethodOf<I> = { [K in keyof I]-?: [Exclude<I[K], undefined>] extends [never] ? never : K }[keyof I] & Method;

declare function call<P extends keyof paths, M extends MethodOf<paths[P]>>(path: P, method: M, request: Request<paths[P][M]>): Promise<Success<paths[P][M]>>;

export async function browse(): Promise<string> {
  const listed = await call('/api/products', 'get', { params: { query: { category: 'protection', page: 1 } } });
  const first: number | undefined = listed.products[0]?.price;
  const { product } = await call('/api/products/{id}', 'get', { params: { path: { id: 'dark-poppy' } } });
  const name: string = product.name;
  const signedIn = await call('/api/auth/login', 'post', { params: {}, body: { email: 'a@b.in', password: 'secret-secret' } });
  // An account with a second factor answers a challenge instead of a session; the client must tell them apart.
  const token: string = 'token' in signedIn ? signedIn.token : signedIn.challenge;
  const me: Success<operations['getMe']> = await call('/api/auth/me', 'get', { params: {} });
  return [first, name, token, me.user.email].join();
}

export async function mistakes(): Promise<void> {
  // @ts-expect-error a product has no such field
  (await call('/api/products/{id}', 'get', { params: { path: { id: '1' } } })).product.spellbook;
  // @ts-expect-error the path needs its id
  await call('/api/products/{id}', 'get', { params: { path: {} } });
  // @ts-expect-error sign-in needs a password
  await call('/api/auth/login', 'post', { params: {}, body: { email: 'a@b.in' } });
  // @ts-expect-error no such operation
  await call('/api/products/{id}', 'patch', { params: { path: { id: '1' } } });
}
`;

describe('a client generated with openapi-typescript', () => {
  it('typechecks calls against the types made from the document, and refuses wrong ones', async () => {
    const types = astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]));
    await writeFile(join(workDir, 'api.ts'), types);
    await writeFile(join(workDir, 'calls.ts'), CALLS);
    const program = ts.createProgram([join(workDir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => `${diagnostic.file ? `${diagnostic.file.fileName.replace(workDir, '')}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    expect(problems, problems.join('\n')).toEqual([]);
    // Named by operationId: the names in server/http/operations.ts are what the client calls.
    expect(types).toMatch(/^\s+getProduct: \{/m);
    expect(types).toMatch(/^\s+listProducts: \{/m);
  }, 60_000);
});
