import { Injectable } from '@nestjs/common';
import type { Prisma, WebhookSigningKey } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** Serialises key creation and rotation across processes. */
const SIGNING_KEY_LOCK = 724_310_007;

export interface NewSigningKey {
  readonly kid: string;
  readonly publicJwk: Prisma.InputJsonValue;
  /** The private key as stored: sealed under the key-encryption key (or, in a sandbox without one, PKCS#8 PEM). */
  readonly privateKey: string;
}

/** The gateway's webhook signing keys (not member data). */
@Injectable()
export class WebhookSigningKeyRepository extends Repository {
  /** The key in use: the newest one not retired. */
  active(): Promise<WebhookSigningKey | null> {
    return this.db.webhookSigningKey.findFirst({
      where: { retiredAt: null },
      orderBy: [{ createdAt: 'desc' }, { kid: 'desc' }],
    });
  }

  /** The key in use, creating `fresh` first when there is none (the first start of a system). */
  async activeOrCreate(fresh: () => NewSigningKey | Promise<NewSigningKey>, now: Date): Promise<WebhookSigningKey> {
    const existing = await this.active();
    if (existing !== null) return existing;
    return this.transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`;
      const again = await tx.webhookSigningKey.findFirst({
        where: { retiredAt: null },
        orderBy: [{ createdAt: 'desc' }, { kid: 'desc' }],
      });
      if (again !== null) return again;
      const key = await fresh();
      return tx.webhookSigningKey.create({
        data: { kid: key.kid, publicJwk: key.publicJwk, privateKey: key.privateKey, createdAt: now },
      });
    });
  }

  /** Retires every key in use and makes `key` the one in use; returns the retired kids. */
  async rotate(key: NewSigningKey, now: Date): Promise<string[]> {
    return this.transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SIGNING_KEY_LOCK})`;
      const retiring = await tx.webhookSigningKey.findMany({ where: { retiredAt: null }, select: { kid: true } });
      await tx.webhookSigningKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: now } });
      await tx.webhookSigningKey.create({
        data: { kid: key.kid, publicJwk: key.publicJwk, privateKey: key.privateKey, createdAt: now },
      });
      return retiring.map((row) => row.kid);
    });
  }

  /** Keys whose signatures receivers should still accept: in use, or retired less than `graceMs` ago. */
  published(now: Date, graceMs: number): Promise<WebhookSigningKey[]> {
    return this.db.webhookSigningKey.findMany({
      where: { OR: [{ retiredAt: null }, { retiredAt: { gt: new Date(now.getTime() - graceMs) } }] },
      orderBy: [{ createdAt: 'desc' }, { kid: 'desc' }],
    });
  }

  /** Every key with its stored private key, newest first (to re-seal them under a new key-encryption key). */
  all(): Promise<WebhookSigningKey[]> {
    return this.db.webhookSigningKey.findMany({ orderBy: [{ createdAt: 'desc' }, { kid: 'desc' }] });
  }

  /** Replaces a stored private key if it is still `from` (another process may have re-sealed it first). */
  async replacePrivateKey(kid: string, from: string, to: string): Promise<boolean> {
    const updated = await this.db.webhookSigningKey.updateMany({
      where: { kid, privateKey: from },
      data: { privateKey: to },
    });
    return updated.count === 1;
  }

  /** Every key, newest first, without private keys (for operators). */
  list(): Promise<Array<Omit<WebhookSigningKey, 'privateKey'>>> {
    return this.db.webhookSigningKey.findMany({
      orderBy: [{ createdAt: 'desc' }, { kid: 'desc' }],
      omit: { privateKey: true },
    });
  }
}
