import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../support/payments-gateway.js';

const run = promisify(execFile);

/** The repository's root, where the rulesets (.spectral.yaml, redocly.yaml) and the linters live. */
const ROOT = join(import.meta.dirname, '..', '..');
const bin = (name: string): string => join(ROOT, 'node_modules', '.bin', name);

let gateway: TestGateway;
let directory: string;
let documentFile: string;

beforeAll(async () => {
  gateway = await startGateway();
  directory = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  documentFile = join(directory, 'openapi.json');
  const served = await fetch(`${gateway.apiUrl}/openapi.json`);
  expect(served.status).toBe(200);
  await writeFile(documentFile, await served.text());
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  if (directory !== undefined) await rm(directory, { recursive: true, force: true });
});

/** A linter's JSON report; it exits non-zero when it finds errors, and the report says which. */
async function report(file: string, args: readonly string[]): Promise<string> {
  try {
    return (await run(file, [...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (failure) {
    const stdout = (failure as { stdout?: string }).stdout;
    if (stdout === undefined || stdout === '') throw failure;
    return stdout;
  }
}

interface SpectralProblem {
  readonly code: string;
  readonly severity: number;
  readonly path: readonly string[];
  readonly message: string;
}

interface RedoclyReport {
  readonly totals: { readonly errors: number; readonly warnings: number };
  readonly problems: readonly {
    readonly ruleId: string;
    readonly severity: string;
    readonly message: string;
    readonly location: readonly { readonly pointer: string }[];
  }[];
}

/**
 * The document the running gateway serves passes the standard linters with the project's
 * rulesets: Spectral's OpenAPI rules with the OWASP API Security ruleset (.spectral.yaml), and
 * Redocly's `recommended` (redocly.yaml). Each rule the rulesets change says why, there and in
 * docs/openapi-linting.md.
 */
describe('the served OpenAPI document', () => {
  it('has no Spectral (spectral:oas + OWASP) errors or warnings', async () => {
    const stdout = await report(bin('spectral'), [
      'lint',
      documentFile,
      '--ruleset',
      join(ROOT, '.spectral.yaml'),
      '--format',
      'json',
      '--quiet',
    ]);
    const problems = JSON.parse(stdout === '' ? '[]' : stdout) as SpectralProblem[];
    // Errors and warnings alike: each rule is met, or changed in the ruleset with its reason.
    const found = problems
      .filter((problem) => problem.severity <= 1)
      .map((problem) => `${problem.code} at ${problem.path.join('.')}: ${problem.message}`);
    expect(found).toEqual([]);
  }, 120_000);

  it('has no Redocly (recommended) errors', async () => {
    const stdout = await report(bin('redocly'), [
      'lint',
      documentFile,
      '--config',
      join(ROOT, 'redocly.yaml'),
      '--format',
      'json',
    ]);
    const result = JSON.parse(stdout) as RedoclyReport;
    const found = result.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
    );
    expect(found).toEqual([]);
    expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('gives every operation an operationId (unique), a summary, a description and a declared tag', async () => {
    const document = JSON.parse(await readFile(documentFile, 'utf8')) as {
      tags?: { name: string; description?: string }[];
      paths: Record<
        string,
        Record<string, { operationId?: string; summary?: string; description?: string; tags?: string[] }>
      >;
    };
    const declared = new Set(
      (document.tags ?? []).filter((tag) => (tag.description ?? '') !== '').map((tag) => tag.name),
    );
    const ids = new Set<string>();
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (operation.operationId === undefined || ids.has(operation.operationId)) missing.push(`${name}: operationId`);
        ids.add(operation.operationId ?? '');
        if ((operation.summary ?? '') === '') missing.push(`${name}: summary`);
        if ((operation.description ?? '') === '') missing.push(`${name}: description`);
        if ((operation.tags ?? []).length === 0 || !(operation.tags ?? []).every((tag) => declared.has(tag)))
          missing.push(`${name}: declared tag`);
      }
    expect(ids.size).toBeGreaterThan(70);
    expect(missing).toEqual([]);
  });
});
