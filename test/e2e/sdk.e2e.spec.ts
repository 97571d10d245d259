import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import {
  GatewayApiError,
  apiKeyAuth,
  collect,
  createGatewayClient,
  memberKeyAuth,
  ok,
  pagesByPageInfo,
  verifyNotification,
  type GatewayClient,
} from 'open-banking-gateway-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#libs/common';
import { newMember, startGateway, type TestGateway, type TestMember } from '../support/payments-gateway.js';
import { decideOnConsentPage } from './obie/consent-form.js';

const root = projectRoot();
const README_URL = 'http://localhost:8080';

/** README's TypeScript example that uses the SDK. */
function readmeSdkExample(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((code) => code.includes("from 'open-banking-gateway-sdk'"));
  if (block === undefined) throw new Error('README has no ```ts block using open-banking-gateway-sdk');
  return block;
}

let gateway: TestGateway;
let member: TestMember;
let client: GatewayClient;

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
  member = await newMember(gateway);
  client = createGatewayClient({ baseUrl: gateway.apiUrl, auth: apiKeyAuth(member.auth.replace(/^Basic /, '')) });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

/** Approves a payment's consent at the sandbox bank and brings the user back through the gateway. */
async function approve(redirectUrl: string): Promise<void> {
  const back = await decideOnConsentPage(redirectUrl, 'sandbox-success', 'approve');
  expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
}

/**
 * The SDK (packages/sdk, built by `npm run build`) against the real gateway: README's example as
 * written, typechecked and run with Node; and flows through the SDK only, its typed errors, its
 * paging, its signed requests and its webhook verification.
 */
describe('the SDK against the gateway', () => {
  it("runs README's example as written: the payment made, typed, and read again", async () => {
    // In the project (so `open-banking-gateway-sdk` resolves to the workspace's package), outside
    // node_modules (where Node strips no types): the ignored data folder.
    await mkdir(join(root, '.data'), { recursive: true });
    const folder = await mkdtemp(join(root, '.data', 'sdk-readme-'));
    const file = join(folder, 'payment.mts');
    await writeFile(file, readmeSdkExample().replaceAll(README_URL, gateway.apiUrl));
    try {
      // The example typechecks against the SDK's types as a user's project would.
      await promisify(execFile)(
        process.execPath,
        [
          join(root, 'node_modules/typescript/bin/tsc'),
          '--ignoreConfig',
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--module',
          'nodenext',
          '--target',
          'es2023',
          '--types',
          'node',
          file,
        ],
        { cwd: folder },
      );
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        cwd: folder,
        env: { PATH: process.env['PATH'] ?? '', API_KEY: member.auth.replace(/^Basic /, '') },
      });
      const [first = '', second = ''] = stdout.trim().split('\n');
      const [paymentId = '', status, redirectUrl = ''] = first.split(' ');
      expect(status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
      expect(second).toBe('INITIATION_PENDING_REDIRECT_AUTH');
      await approve(redirectUrl);
      const read = await ok(client.GET('/v2/payments/{paymentId}', { params: { path: { paymentId } } }));
      expect(read.payment.status).toBe('INITIATION_COMPLETED');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('packs: the built client, its types and its document', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['pack', '--dry-run', '--json', '-w', 'open-banking-gateway-sdk'],
      {
        cwd: root,
      },
    );
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
    const files = (packed?.files ?? []).map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'openapi.json', 'dist/index.js', 'dist/index.d.ts']),
    );
    expect(files.filter((file) => file.startsWith('src/'))).toEqual([]);
  });

  it('throws a refused request as a GatewayApiError naming the field and the trace', async () => {
    const error = await client
      .POST('/v2/payments', {
        body: {
          initiation: {
            bankId: 'ob-sandbox-gb',
            refId: 'ORDER-1',
            remittanceInformationPrimary: 'ORDER 1',
            amount: { value: '-1.00', currency: 'GBP' },
            localInstrument: 'FASTER_PAYMENTS',
            creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
            callbackUrl: 'https://shop.example/paid',
          },
        },
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(GatewayApiError);
    const refused = error as GatewayApiError;
    expect(refused.status).toBe(400);
    expect(refused.paths).toContain('initiation.amount.value');
    expect(refused.tokenTraceId).toMatch(/\S/);
  });

  it('makes POSTs idempotent by itself: a repeat under the key it was given answers the same payment', async () => {
    const body = {
      initiation: {
        bankId: 'ob-sandbox-gb',
        refId: 'ORDER-IDEM',
        remittanceInformationPrimary: 'ORDER IDEM',
        amount: { value: '1.00', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS' as const,
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        callbackUrl: 'https://shop.example/paid',
      },
    };
    const first = await client.POST('/v2/payments', { body, headers: { 'Idempotency-Key': 'sdk-e2e-1' } });
    const again = await client.POST('/v2/payments', { body, headers: { 'Idempotency-Key': 'sdk-e2e-1' } });
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data?.payment.id).toBe(first.data?.payment.id);
  });

  it('pages through the member’s payments with the iterator', async () => {
    for (const refId of ['ORDER-PAGE-1', 'ORDER-PAGE-2'])
      await ok(
        client.POST('/v2/payments', {
          body: {
            initiation: {
              bankId: 'ob-sandbox-gb',
              refId,
              remittanceInformationPrimary: refId,
              amount: { value: '1.00', currency: 'GBP' },
              localInstrument: 'FASTER_PAYMENTS',
              creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
              callbackUrl: 'https://shop.example/paid',
            },
          },
        }),
      );
    const all = await collect(
      pagesByPageInfo(
        (offset) =>
          ok(
            client.GET('/v2/payments', {
              params: { query: { limit: 1, ...(offset === undefined ? {} : { offset }) } },
            }),
          ),
        (page) => page.payments,
      ),
    );
    const direct = await ok(client.GET('/v2/payments', { params: { query: { limit: 100 } } }));
    expect(all.map((payment) => payment.id)).toEqual(direct.payments.map((payment) => payment.id));
    expect(all.length).toBeGreaterThanOrEqual(2);
  });

  it('signs requests with a member key registered through the SDK', async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = await exportJWK(publicKey);
    const registered = await ok(
      client.POST('/member/{memberId}/keys', {
        params: { path: { memberId: member.id } },
        body: { keyAlgorithm: 'ED25519', publicKey: jwk.x ?? '' },
      }),
    );
    const signed = createGatewayClient({
      baseUrl: gateway.apiUrl,
      auth: await memberKeyAuth({
        memberId: member.id,
        keyId: registered.keyId,
        privateKey: await exportPKCS8(privateKey),
      }),
    });
    const page = await ok(signed.GET('/v2/payments', { params: { query: { limit: 5 } } }));
    expect(page.payments.length).toBeGreaterThan(0);
  });

  it('verifies the notifications the gateway sends, by the whsec_ secret and by the JWKS', async () => {
    const received: { body: string; headers: Record<string, string | string[] | undefined> }[] = [];
    const receiver: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ body, headers: request.headers });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const address = receiver.address() as { port: number };
      const configured = await ok(
        client.PUT('/webhook/config', {
          body: { config: { type: ['PAYMENT_STATUS_CHANGED'], url: `http://127.0.0.1:${address.port}/hooks` } },
        }),
      );
      const secret = configured.secret ?? '';
      expect(secret).toMatch(/^whsec_/);
      await ok(
        client.POST('/v2/payments', {
          body: {
            initiation: {
              bankId: 'ob-sandbox-gb',
              refId: 'ORDER-HOOK',
              remittanceInformationPrimary: 'ORDER HOOK',
              amount: { value: '2.00', currency: 'GBP' },
              localInstrument: 'FASTER_PAYMENTS',
              creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
              callbackUrl: 'https://shop.example/paid',
            },
          },
        }),
      );
      const deadline = Date.now() + 20_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      const [notification] = received;
      expect(notification, 'a notification arrived').toBeDefined();
      const jwks = await ok(client.GET('/.well-known/jwks.json'));
      const verified = await verifyNotification({
        body: notification?.body ?? '',
        headers: notification?.headers ?? {},
        secret,
        jwks: jwks,
      });
      expect(verified.event).toBe('PAYMENT_STATUS_CHANGED');
      await expect(
        verifyNotification({
          body: (notification?.body ?? '').replace('"', ' "'),
          headers: notification?.headers ?? {},
          secret,
        }),
      ).rejects.toThrow(/signature/);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
