import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Runs a module script in a fresh Node that imports the local Postgres module (as the test setup and `npm start` do). */
function runImporting(script: string): number | null {
  const module = pathToFileURL(resolve('dist/scripts/lib/embedded-postgres.js')).href;
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `await import(${JSON.stringify(module)});\n${script}`],
    {
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  return child.status;
}

describe('the exit code of a process that uses the local Postgres', () => {
  // embedded-postgres answers `beforeExit` with process.exit(0); a failing test run must still exit non-zero.
  it('keeps a failure code set before the process ends on its own', () => {
    expect(runImporting('process.exitCode = 3;')).toBe(3);
  });

  it('ends 0 when nothing failed', () => {
    expect(runImporting('')).toBe(0);
  });

  it('keeps an explicit process.exit code', () => {
    expect(runImporting('process.exit(5);')).toBe(5);
  });
});
