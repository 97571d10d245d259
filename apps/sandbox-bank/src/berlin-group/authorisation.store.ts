import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from '../store/sandbox-db.js';
import type { SandboxScaApproach } from '../banks/sandbox-bank-definition.js';
import { newResourceId } from '../store/secret-hash.js';
import { Xs2aError } from './xs2a-error.js';

export type Authorisation = Prisma.SbBgAuthorisationModel;

export interface NewAuthorisation {
  readonly bankId: string;
  readonly resourceId: string;
  readonly scaApproach: SandboxScaApproach;
  readonly scaStatus: string;
  readonly psuId?: string;
  readonly scaMethod?: string;
  readonly failedAttempts?: number;
  readonly tppRedirectUri?: string;
  readonly tppNokRedirectUri?: string;
  readonly decideAt?: Date;
}

export interface AuthorisationChanges {
  readonly scaStatus: string;
  readonly psuId?: string | null;
  readonly scaMethod?: string | null;
  readonly failedAttempts?: number;
}

/** XS2A authorisation sub-resources; every change is conditional on the status it starts from. */
@Injectable()
export class AuthorisationStore {
  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  create(authorisation: NewAuthorisation): Promise<Authorisation> {
    const now = this.clock.now();
    return this.prisma.sbBgAuthorisation.create({
      data: { ...authorisation, id: newResourceId('AUTH'), createdAt: now, updatedAt: now },
    });
  }

  find(bankId: string, id: string): Promise<Authorisation | null> {
    return this.prisma.sbBgAuthorisation.findFirst({ where: { id, bankId } });
  }

  async get(bankId: string, resourceId: string, id: string): Promise<Authorisation> {
    const authorisation = await this.prisma.sbBgAuthorisation.findFirst({ where: { id, bankId, resourceId } });
    if (authorisation === null) throw Xs2aError.resourceUnknown('Authorisation', id);
    return authorisation;
  }

  list(resourceId: string): Promise<Authorisation[]> {
    return this.prisma.sbBgAuthorisation.findMany({ where: { resourceId }, orderBy: { createdAt: 'asc' } });
  }

  /** Applies the change if the authorisation is still in `from`; false on a lost race. */
  async transition(id: string, from: string, changes: AuthorisationChanges): Promise<boolean> {
    const result = await this.prisma.sbBgAuthorisation.updateMany({
      where: { id, scaStatus: from },
      data: { ...changes, updatedAt: this.clock.now() },
    });
    return result.count === 1;
  }

  reload(id: string): Promise<Authorisation> {
    return this.prisma.sbBgAuthorisation.findUniqueOrThrow({ where: { id } });
  }
}
