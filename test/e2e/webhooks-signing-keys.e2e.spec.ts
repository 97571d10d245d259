import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConnectedConfig } from '#libs/common';
import { PrismaService } from '#libs/db';
import {
  WebhookSecretStore,
  generateSigningKey,
  verifyWebhook,
  writeOutboxEvent,
  type JsonWebKeySet,
} from '#libs/events';
import { LocalKms, SecretBox, keyEncryptionKeyId } from '#libs/secrets';
import { createApiProcess } from '../../apps/api/src/create-api-process.js';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { TEST_KEY_ENCRYPTION_KEY, baseUrl, freshDatabaseUrl, testConfig } from '../support/test-env.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN_TOKEN = 'signing-keys-token-0123456789abcdef01234';
const kekId = (base64: string): string => keyEncryptionKeyId(Buffer.from(base64, 'base64'));

const open: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const proc of open.reverse()) await proc.close().catch(() => undefined);
});

async function storedKeys(
  prisma: PrismaService,
): Promise<Array<{ kid: string; privateKey: string; retiredAt: Date | null }>> {
  return prisma.webhookSigningKey.findMany({
    orderBy: { createdAt: 'asc' },
    select: { kid: true, privateKey: true, retiredAt: true },
  });
}

/** A private key as the earlier single-key scheme stored it (AES-256-GCM directly under the key-encryption key). */
function sealedV1(base64Key: string, kid: string, pem: string): string {
  const key = Buffer.from(base64Key, 'base64');
  const id = createHash('sha256')
    .update('webhook-signing-key-kek\0')
    .update(key)
    .digest()
    .subarray(0, 8)
    .toString('hex');
  const iv = randomBytes(12);
  const gcm = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  gcm.setAAD(Buffer.from(`enc:v1:${id}:${kid}`, 'utf8'));
  const ciphertext = Buffer.concat([gcm.update(pem, 'utf8'), gcm.final()]);
  return `enc:v1:${id}:${iv.toString('base64url')}:${gcm.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
}

async function worker(config: ConnectedConfig): Promise<WorkerProcess> {
  const proc = await createWorkerProcess(config, { queuePrefix: `keys-${randomBytes(4).toString('hex')}` });
  open.push(proc);
  return proc;
}

describe('webhook signing keys at rest', () => {
  it('stores new and rotated keys sealed (no PEM in the column), and the JWKS and signatures still work', async () => {
    const config = await testConfig({ ADMIN_TOKEN });
    const api = await createApiProcess(config);
    open.push(api);
    await api.api.listen(0, '127.0.0.1');
    await api.admin.listen(0, '127.0.0.1');
    const jwks = (await (await fetch(`${baseUrl(api.api)}/.well-known/jwks.json`)).json()) as JsonWebKeySet;
    expect(jwks.keys).toHaveLength(1);
    const rotated = await fetch(`${baseUrl(api.admin)}/admin/webhooks/signing-keys/rotate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(rotated.status).toBe(200);

    const stored = await storedKeys(api.stores.prisma);
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.privateKey).not.toContain('BEGIN PRIVATE KEY');
      expect(row.privateKey).not.toContain('PRIVATE KEY');
      expect(row.privateKey.startsWith(`enc:v2:${kekId(TEST_KEY_ENCRYPTION_KEY)}:`)).toBe(true);
    }
    const raw = await api.stores.prisma.$queryRaw<
      Array<{ n: number }>
    >`SELECT count(*)::int AS n FROM webhook_signing_key WHERE private_key LIKE '%BEGIN PRIVATE KEY%'`;
    expect(raw[0]?.n).toBe(0);
  });

  it('loads a key stored as plain PEM before encryption, seals it at worker start, and signs with it', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const prisma = new PrismaService(databaseUrl, 2);
    open.push({ close: () => prisma.$disconnect() });
    const legacy = generateSigningKey();
    await prisma.webhookSigningKey.create({
      data: {
        kid: legacy.kid,
        publicJwk: { ...legacy.publicJwk },
        privateKey: legacy.privateKeyPem,
        createdAt: new Date(),
      },
    });
    const receiver = new WebhookReceiver();
    await receiver.start();
    open.push({ close: () => receiver.stop() });
    await prisma.member.create({ data: { id: 'm:legacy-key', name: 'Legacy key TPP' } });
    await prisma.webhookConfig.create({
      data: { memberId: 'm:legacy-key', url: receiver.url, types: ['REFUND_STATUS_CHANGED'], updatedAt: new Date() },
    });

    const proc = await worker(await testConfig({ DATABASE_URL: databaseUrl, WEBHOOK_SWEEP_MS: '250' }));
    await proc.start();
    const [row] = await storedKeys(prisma);
    expect(row?.kid).toBe(legacy.kid);
    expect(row?.privateKey.startsWith(`enc:v2:${kekId(TEST_KEY_ENCRYPTION_KEY)}:`)).toBe(true);
    expect(row?.privateKey).not.toContain('PRIVATE KEY');

    const event = await prisma.$transaction((tx) =>
      writeOutboxEvent(tx, {
        memberId: 'm:legacy-key',
        type: 'REFUND_STATUS_CHANGED',
        payload: { refundId: 'rf:1', memberId: 'm:legacy-key', status: 'SUCCESS', refId: 'r' },
        createdAt: new Date(),
      }),
    );
    await receiver.waitFor('the notification', () => receiver.forEvent(event.id).length === 1);
    const [request] = receiver.forEvent(event.id);
    if (request === undefined) throw new Error('unreachable');
    expect(request.headers['token-signature-kid']).toBe(legacy.kid);
    const jwks: JsonWebKeySet = { keys: [{ ...legacy.publicJwk }] };
    await expect(
      verifyWebhook({ body: request.body, headers: request.headers, jwks, nowMs: request.receivedAtMs }),
    ).resolves.toMatchObject({ id: event.id });
  });

  it('moves a key sealed by the earlier single-key scheme (enc:v1) to envelope encryption at worker start', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const prisma = new PrismaService(databaseUrl, 2);
    open.push({ close: () => prisma.$disconnect() });
    const legacy = generateSigningKey();
    await prisma.webhookSigningKey.create({
      data: {
        kid: legacy.kid,
        publicJwk: { ...legacy.publicJwk },
        privateKey: sealedV1(TEST_KEY_ENCRYPTION_KEY, legacy.kid, legacy.privateKeyPem),
        createdAt: new Date(),
      },
    });
    const proc = await worker(await testConfig({ DATABASE_URL: databaseUrl }));
    await proc.start();
    const [row] = await storedKeys(prisma);
    expect(row?.kid).toBe(legacy.kid);
    expect(row?.privateKey.startsWith(`enc:v2:${kekId(TEST_KEY_ENCRYPTION_KEY)}:`)).toBe(true);
    expect(await proc.stores.prisma.webhookSigningKey.count()).toBe(1);
  });

  it('a sandbox without a key-encryption key stores PEM; the next start with one seals it', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const plain = await worker(await testConfig({ DATABASE_URL: databaseUrl, WEBHOOK_KEY_ENCRYPTION_KEY: '' }));
    await plain.start();
    const [before] = await storedKeys(plain.stores.prisma);
    expect(before?.privateKey).toContain('BEGIN PRIVATE KEY');
    // A member's webhook secret issued meanwhile is kept unsealed too.
    const issued = await new WebhookSecretStore(
      plain.stores.repositories.webhookSecrets,
      new SecretBox(undefined),
    ).issue();
    expect(issued.stored.secret.startsWith('plain:')).toBe(true);
    await plain.stores.prisma.member.create({ data: { id: 'm:sandbox-secret', name: 'Sandbox TPP' } });
    await plain.stores.prisma.webhookConfig.create({
      data: {
        memberId: 'm:sandbox-secret',
        url: 'http://127.0.0.1:9/h',
        types: ['REFUND_STATUS_CHANGED'],
        updatedAt: new Date(),
      },
    });
    await plain.stores.prisma.webhookSecret.create({
      data: { ...issued.stored, memberId: 'm:sandbox-secret', createdAt: new Date() },
    });
    await plain.close();

    const sealed = await worker(await testConfig({ DATABASE_URL: databaseUrl }));
    await sealed.start();
    const [after] = await storedKeys(sealed.stores.prisma);
    expect(after?.kid).toBe(before?.kid);
    expect(after?.privateKey.startsWith(`enc:v2:${kekId(TEST_KEY_ENCRYPTION_KEY)}:`)).toBe(true);
    const secretRow = await sealed.stores.prisma.webhookSecret.findUniqueOrThrow({ where: { id: issued.stored.id } });
    expect(secretRow.secret.startsWith(`enc:v2:${kekId(TEST_KEY_ENCRYPTION_KEY)}:`)).toBe(true);
    const box = new SecretBox(new LocalKms(Buffer.from(TEST_KEY_ENCRYPTION_KEY, 'base64')));
    expect(await box.openText({ purpose: 'webhook_secret.secret', recordId: secretRow.id }, secretRow.secret)).toBe(
      issued.secret,
    );
  });

  it('rotates the key-encryption key: the previous one reads, the new one re-seals every key; without it the worker does not start', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const first = await worker(await testConfig({ DATABASE_URL: databaseUrl }));
    await first.start();
    // A retired key too: every stored key is re-sealed, not only the one in use.
    const retired = generateSigningKey();
    await first.stores.repositories.webhookSigningKeys.activeOrCreate(
      () => ({ kid: 'unused', publicJwk: {}, privateKey: '' }),
      new Date(),
    );
    await first.stores.prisma.webhookSigningKey.create({
      data: {
        kid: retired.kid,
        publicJwk: { ...retired.publicJwk },
        privateKey: retired.privateKeyPem,
        createdAt: new Date(Date.now() - 60_000),
        retiredAt: new Date(),
      },
    });
    await first.close();

    const next = randomBytes(32).toString('base64');
    const rotating = await worker(
      await testConfig({
        DATABASE_URL: databaseUrl,
        WEBHOOK_KEY_ENCRYPTION_KEY: next,
        WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS: TEST_KEY_ENCRYPTION_KEY,
      }),
    );
    await rotating.start();
    const resealed = await storedKeys(rotating.stores.prisma);
    expect(resealed.map((row) => row.kid)).toContain(retired.kid);
    expect(resealed).toHaveLength(2);
    for (const row of resealed) expect(row.privateKey.startsWith(`enc:v2:${kekId(next)}:`)).toBe(true);
    await rotating.close();

    // The old key is no longer needed...
    const rotated = await worker(await testConfig({ DATABASE_URL: databaseUrl, WEBHOOK_KEY_ENCRYPTION_KEY: next }));
    await rotated.start();
    await rotated.close();
    // ...but a worker with neither refuses to start, naming the variables.
    const stranger = await worker(
      await testConfig({ DATABASE_URL: databaseUrl, WEBHOOK_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex') }),
    );
    await expect(stranger.start()).rejects.toThrow(/WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS/);
  });
});
