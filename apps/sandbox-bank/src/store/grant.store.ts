import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { SandboxDb, type Prisma } from './sandbox-db.js';
import { AccessTokenCache } from './access-token-cache.js';
import { hashSecret, newSecret } from './secret-hash.js';

export type GrantKind = 'authorize-session' | 'code' | 'access-token' | 'ciba' | 'registered-account';
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

/**
 * Authorisation sessions, codes, tokens and CIBA requests, stored by the hash of their value.
 * Access tokens only expire, or are revoked with their consent (a VRP consent the user revokes at
 * the bank), so the ones this process issued or read are answered from memory until they expire
 * (see AccessTokenCache); a caller that must see a revocation at once asks for a fresh read.
 */
@Injectable()
export class GrantStore {
  private readonly accessTokens = new AccessTokenCache();

  constructor(
    private readonly prisma: SandboxDb,
    private readonly clock: Clock,
  ) {}

  async issue(grant: NewGrant, ttlSeconds: number): Promise<{ value: string; grant: Grant }> {
    const value = newSecret();
    const now = this.clock.now();
    const row = await this.prisma.sbGrant.create({
      data: { ...grant, id: hashSecret(value), createdAt: now, expiresAt: new Date(now.getTime() + ttlSeconds * 1000) },
    });
    if (row.kind === 'access-token') this.accessTokens.put(row, now.getTime());
    return { value, grant: row };
  }

  /** The unexpired grant of this kind at this bank that `value` stands for; `fresh` reads Postgres. */
  async find(bankId: string, kind: GrantKind, value: string, fresh = false): Promise<Grant | null> {
    if (value === '') return null;
    const id = hashSecret(value);
    const nowMs = this.clock.nowMs();
    if (kind === 'access-token' && !fresh) {
      const known = this.accessTokens.get(id, bankId, nowMs);
      if (known !== undefined) return known;
    }
    const grant = await this.prisma.sbGrant.findFirst({
      where: { id, bankId, kind, expiresAt: { gt: new Date(nowMs) } },
    });
    if (grant !== null && kind === 'access-token') this.accessTokens.put(grant, nowMs);
    return grant;
  }

  /** Moves a grant from one status to another; false when another request got there first. */
  async transition(id: string, from: string, to: string): Promise<boolean> {
    this.accessTokens.delete(id);
    const result = await this.prisma.sbGrant.updateMany({ where: { id, status: from }, data: { status: to } });
    return result.count === 1;
  }

  /** Revokes (expires now) every live access token issued for a consent. */
  async revokeConsentTokens(consentId: string): Promise<number> {
    this.accessTokens.forgetConsent(consentId);
    const now = this.clock.now();
    const result = await this.prisma.sbGrant.updateMany({
      where: { consentId, kind: 'access-token', expiresAt: { gt: now } },
      data: { status: 'revoked', expiresAt: now },
    });
    return result.count;
  }

  /** CIBA requests for a consent that are still waiting for the user. */
  pendingCiba(consentId: string): Promise<Grant[]> {
    return this.prisma.sbGrant.findMany({ where: { consentId, kind: 'ciba', status: 'pending' } });
  }
}
