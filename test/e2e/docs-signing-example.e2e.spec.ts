import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#libs/common';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const ADMIN = 'test-admin-token-0123456789abcdef0123';

/** The ```js block under docs/authentication.md's "Signing a request in Node". */
function readmeExample(): string {
  const readme = readFileSync(join(projectRoot(), 'docs/authentication.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Signing a request in Node'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (match?.[1] === undefined) throw new Error('docs/authentication.md has no signing example');
  return match[1];
}

describe('docs/authentication.md: signing a request in Node', () => {
  let proc: ApiProcess;
  let dir: string;

  beforeAll(async () => {
    proc = await createApiProcess(await testConfig({ ADMIN_TOKEN: ADMIN }));
    await proc.api.listen(0, '127.0.0.1');
    await proc.admin.listen(0, '127.0.0.1');
    dir = await mkdtemp(join(projectRoot(), 'test', '.readme-example-'));
  });
  afterAll(async () => {
    await proc.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs as written and is accepted by the gateway', async () => {
    const admin = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
      const response = await fetch(`${baseUrl(proc.admin)}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    };
    const { member } = (await admin('/admin/members', { name: 'README example' })) as { member: { id: string } };
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const { keyId } = (await admin(`/admin/members/${member.id}/keys`, {
      keyAlgorithm: 'ED25519',
      publicKey: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    })) as { keyId: string };

    // Inside the project so `import 'jose'` resolves from its node_modules.
    const script = join(dir, 'example.mjs');
    await writeFile(script, readmeExample());
    const run = new SpawnedProcess(
      process.execPath,
      [script],
      envWithout([], {
        GATEWAY_URL: baseUrl(proc.api),
        MEMBER_ID: member.id,
        KEY_ID: keyId,
        PRIVATE_KEY_PEM: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      }),
      dir,
    );
    const [line = ''] = await run.waitForOutput(/\{"status":\d+.*\n/, 20_000);
    const result = JSON.parse(line) as { status: number; body: Array<{ key: Array<{ id: string }> }> };
    expect(result.status).toBe(200);
    expect(result.body[0]?.key.map((k) => k.id)).toEqual([keyId]);
  });
});
