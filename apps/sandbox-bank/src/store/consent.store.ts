import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from './sandbox-db.js';
import { ObieError } from '../http/obie-error.js';
import { consentByIdempotencyKey, insertConsentUnlessKeyUsed, type NewConsent } from './consent-statements.js';
import { newResourceId } from './secret-hash.js';

export type ConsentKind =
  'domestic-payment' | 'domestic-scheduled-payment' | 'domestic-standing-order' | 'domestic-vrp' | 'account-access';
export type Consent = Prisma.SbConsentModel;

const ID_PREFIX: Readonly<Record<ConsentKind, string>> = {
  'domestic-payment': 'PDC',
  'domestic-scheduled-payment': 'PSC',
  'domestic-standing-order': 'SOC',
  'domestic-vrp': 'VRC',
  'account-access': 'AAC',
};

/** Internal status of a consent the TPP deleted; it is then answered as not found. */
export const DELETED = 'Deleted';

export function requestHash(request: unknown): string {
  return hashOfJson(JSON.stringify(request));
}

function hashOfJson(json: string): string {
  return createHash('sha256').update(json).digest('hex');
}

export interface ConsentChanges {
  readonly username?: string;
  readonly debtorAccountId?: string;
}

/** Consents of every kind; a repeated x-idempotency-key answers the consent it created. */
@Injectable()
export class ConsentStore {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  /**
   * One statement when the key is new (insert unless the key is used); a repeated key reads the
   * consent it created, which must have come from the same request.
   */
  async create(
    bankId: string,
    kind: ConsentKind,
    clientId: string,
    request: Prisma.InputJsonObject,
    idempotencyKey: string | undefined,
  ): Promise<Consent> {
    const requestJson = JSON.stringify(request);
    const hash = hashOfJson(requestJson);
    const consent: NewConsent = {
      id: newResourceId(ID_PREFIX[kind]),
      bankId,
      kind,
      status: 'AwaitingAuthorisation',
      clientId,
      requestJson,
      requestHash: hash,
      idempotencyKey: idempotencyKey ?? null,
      createdAt: this.clock.now(),
    };
    const created = await insertConsentUnlessKeyUsed(this.prisma.pool, consent);
    if (created !== null) return created;
    const existing =
      idempotencyKey === undefined ? null : await this.byIdempotencyKey(bankId, kind, idempotencyKey, hash);
    // Consent rows are never removed (a deleted consent keeps its row), so the key's holder is there.
    if (existing === null)
      throw new Error(`The consent insert conflicted, but no ${kind} consent at ${bankId} holds its idempotency key.`);
    return existing;
  }

  /** The live (not deleted) consent, of one kind or of any. */
  find(bankId: string, id: string, kind?: ConsentKind): Promise<Consent | null> {
    return this.prisma.sbConsent.findFirst({
      where: { id, bankId, ...(kind === undefined ? {} : { kind }), status: { not: DELETED } },
    });
  }

  async get(bankId: string, id: string, kind: ConsentKind): Promise<Consent> {
    const consent = await this.find(bankId, id, kind);
    if (consent === null) throw ObieError.notFound('Consent', id);
    return consent;
  }

  /** The consent even when deleted (payments made under it stay readable). */
  async findAny(bankId: string, id: string): Promise<Consent> {
    const consent = await this.prisma.sbConsent.findFirst({ where: { id, bankId } });
    if (consent === null) throw ObieError.notFound('Consent', id);
    return consent;
  }

  /** Moves the consent from `from` to `to`; false when it was no longer in `from`. */
  async transition(id: string, from: string, to: string, changes: ConsentChanges = {}): Promise<boolean> {
    const result = await this.prisma.sbConsent.updateMany({
      where: { id, status: from },
      data: { status: to, statusUpdatedAt: this.clock.now(), ...changes },
    });
    return result.count === 1;
  }

  private async byIdempotencyKey(
    bankId: string,
    kind: ConsentKind,
    key: string,
    hash: string,
  ): Promise<Consent | null> {
    const existing = await consentByIdempotencyKey(this.prisma.pool, bankId, kind, key);
    if (existing !== null && existing.requestHash !== hash) {
      throw ObieError.badRequest(
        'UK.OBIE.Header.Invalid',
        'x-idempotency-key was already used with a different request.',
        'x-idempotency-key',
      );
    }
    return existing;
  }
}
