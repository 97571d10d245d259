import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from '../store/sandbox-db.js';
import { requestHash } from '../store/consent.store.js';
import { newResourceId } from '../store/secret-hash.js';
import { Xs2aError } from './xs2a-error.js';

/** A payment initiation or an account-information consent: the resources XS2A authorisations belong to. */
export type Xs2aResourceKind = 'bg-payment-initiation' | 'bg-periodic-payment' | 'bg-ais-consent';
export type Xs2aResource = Prisma.SbConsentModel;

const ID_PREFIX: Readonly<Record<Xs2aResourceKind, string>> = {
  'bg-payment-initiation': 'BGPI',
  'bg-periodic-payment': 'BGSO',
  'bg-ais-consent': 'BGAC',
};
const WHAT: Readonly<Record<Xs2aResourceKind, string>> = {
  'bg-payment-initiation': 'Payment',
  'bg-periodic-payment': 'Periodic payment',
  'bg-ais-consent': 'Consent',
};

/** XS2A has no OAuth client: the TPP is known by its eIDAS certificate, which the sandbox does not check. */
export const XS2A_TPP = 'xs2a-tpp';

export interface ResourceChanges {
  readonly username?: string;
  readonly debtorAccountId?: string;
}

/**
 * XS2A resources, kept in the sandbox's consent table: `status` holds the payment's
 * transactionStatus until a payment order exists (then the order's status counts), or the
 * consent's consentStatus; `request` holds what the TPP sent.
 */
@Injectable()
export class Xs2aResourceStore {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  create(
    bankId: string,
    kind: Xs2aResourceKind,
    status: string,
    request: Prisma.InputJsonObject,
  ): Promise<Xs2aResource> {
    const now = this.clock.now();
    return this.prisma.sbConsent.create({
      data: {
        id: newResourceId(ID_PREFIX[kind]),
        bankId,
        kind,
        status,
        clientId: XS2A_TPP,
        request,
        requestHash: requestHash(request),
        createdAt: now,
        statusUpdatedAt: now,
      },
    });
  }

  find(bankId: string, kind: Xs2aResourceKind, id: string): Promise<Xs2aResource | null> {
    return this.prisma.sbConsent.findFirst({ where: { id, bankId, kind } });
  }

  async get(bankId: string, kind: Xs2aResourceKind, id: string): Promise<Xs2aResource> {
    const resource = await this.find(bankId, kind, id);
    if (resource === null) {
      if (kind === 'bg-ais-consent')
        throw new Xs2aError(403, 'CONSENT_UNKNOWN', `Consent ${id} is not known to this bank.`);
      throw Xs2aError.resourceUnknown(WHAT[kind], id);
    }
    return resource;
  }

  findById(id: string): Promise<Xs2aResource | null> {
    return this.prisma.sbConsent.findUnique({ where: { id } });
  }

  /** Moves the resource from one of `from` to `to`; false when it was in none of them (a lost race). */
  async transition(id: string, from: readonly string[], to: string, changes: ResourceChanges = {}): Promise<boolean> {
    const result = await this.prisma.sbConsent.updateMany({
      where: { id, status: { in: [...from] } },
      data: { status: to, statusUpdatedAt: this.clock.now(), ...changes },
    });
    return result.count === 1;
  }
}
