import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '#libs/common';

/** The ```js block under docs/payments-v1.md's "Verifying the token request signature". */
function docsExample(): string {
  const docs = readFileSync(join(projectRoot(), 'docs/payments-v1.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Verifying the token request signature'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (match?.[1] === undefined) throw new Error('docs/payments-v1.md has no verification example');
  return match[1];
}

/** Runs the documented TPP-side check, as written, on the URL the user landed on. */
export async function verifyLandingAsDocumented(
  gatewayUrl: string,
  landing: URL,
  expectedState: string,
): Promise<{ readonly valid: boolean; readonly requestId: string; readonly tokenId: string }> {
  // Inside the project so `import 'jose'` resolves from its node_modules.
  const dir = await mkdtemp(join(projectRoot(), 'test', '.signature-example-'));
  try {
    const script = join(dir, 'verify.mjs');
    await writeFile(script, docsExample());
    const { stdout } = await promisify(execFile)(process.execPath, [script], {
      env: {
        PATH: process.env['PATH'] ?? '',
        GATEWAY_URL: gatewayUrl,
        LANDING_URL: landing.toString(),
        EXPECTED_STATE: expectedState,
      },
      timeout: 20_000,
    });
    return JSON.parse(stdout.trim()) as { valid: boolean; requestId: string; tokenId: string };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
