import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { PrismaService, type Prisma } from '#libs/db';
import { hashSecret, newSecret } from './secret-hash.js';

export type GrantKind = 'authorize-session' | 'code' | 'access-token' | 'ciba';
export type Grant = Prisma.SbGrantModel;

export interface NewGrant {
  readonly bankId: string;
  readonly kind: GrantKind;
  readonly clientId: string;
  readonly scope: string;
  readonly status: string;
  readonly consentId?: string;
  readonly username?: string;
  readonly redirectUri?: string;
  readonly state?: string;
  readonly nonce?: string;
  readonly approveAt?: Date;
}

/** Authorisation sessions, codes, tokens and CIBA requests, stored by the hash of their value. */
@Injectable()
export class GrantStore {
  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {}

  async issue(grant: NewGrant, ttlSeconds: number): Promise<{ value: string; grant: Grant }> {
    const value = newSecret();
    const now = this.clock.now();
    const row = await this.prisma.sbGrant.create({
      data: { ...grant, id: hashSecret(value), createdAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) },
    });
    return { value, grant: row };
  }

  /** The unexpired grant of this kind at this bank that `value` stands for. */
  async find(bankId: string, kind: GrantKind, value: string): Promise<Grant | null> {
    if (value === '') return null;
    return this.prisma.sbGrant.findFirst({ where: { id: hashSecret(value), bankId, kind, expiresAt: { gt: this.clock.now() } } });
  }

  /** Moves a grant from one status to another; false when another request got there first. */
  async transition(id: string, from: string, to: string): Promise<boolean> {
    const result = await this.prisma.sbGrant.updateMany({ where: { id, status: from }, data: { status: to } });
    return result.count === 1;
  }

  /** CIBA requests for a consent that are still waiting for the user. */
  pendingCiba(consentId: string): Promise<Grant[]> {
    return this.prisma.sbGrant.findMany({ where: { consentId, kind: 'ciba', status: 'pending' } });
  }
}
