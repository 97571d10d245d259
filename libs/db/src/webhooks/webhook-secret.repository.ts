import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { Prisma, WebhookSecret } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

/** A secret to store: its id and the secret as stored (sealed). */
export interface NewWebhookSecret {
  readonly id: string;
  readonly secret: string;
}

/** Secrets that sign at `now`: the one in use and those still in a rotation's overlap. */
const signingAt = (memberId: string, now: Date): Prisma.WebhookSecretWhereInput => ({
  memberId,
  OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
});

/**
 * The `whsec_` secrets of members' webhook configurations. Every member-facing method takes the
 * member first; `all` and `replaceSecret` serve the worker's re-sealing under a new key.
 */
@Injectable()
export class WebhookSecretRepository extends Repository {
  /**
   * Stores `fresh` as the member's secret unless one is signing already; true when stored. Runs
   * in the transaction that holds the configuration row (just written), so two calls do not both issue.
   */
  async issueIfNone(memberId: MemberId, fresh: NewWebhookSecret, now: Date): Promise<boolean> {
    if ((await this.db.webhookSecret.count({ where: signingAt(memberId, now) })) > 0) return false;
    await this.db.webhookSecret.create({ data: { id: fresh.id, memberId, secret: fresh.secret, createdAt: now } });
    return true;
  }

  /**
   * Makes `fresh` the member's secret in use; those signing now keep signing until
   * `overlapEndsAt` (an earlier end they already have stays), expired ones are removed. False
   * when the member has no configuration.
   */
  async rotate(memberId: MemberId, fresh: NewWebhookSecret, now: Date, overlapEndsAt: Date): Promise<boolean> {
    return this.transaction(async (tx) => {
      const config = await tx.$queryRaw<Array<{ member_id: string }>>`
        SELECT member_id FROM webhook_config WHERE member_id = ${memberId} FOR UPDATE`;
      if (config.length === 0) return false;
      await tx.webhookSecret.deleteMany({ where: { memberId, expiresAt: { lte: now } } });
      await tx.webhookSecret.updateMany({
        where: { memberId, OR: [{ expiresAt: null }, { expiresAt: { gt: overlapEndsAt } }] },
        data: { expiresAt: overlapEndsAt },
      });
      await tx.webhookSecret.create({ data: { id: fresh.id, memberId, secret: fresh.secret, createdAt: now } });
      return true;
    });
  }

  /** The member's secrets that sign at `now`, newest first (the worker signs deliveries with them). */
  signing(memberId: string, now: Date): Promise<WebhookSecret[]> {
    return this.db.webhookSecret.findMany({
      where: signingAt(memberId, now),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  }

  /** Every stored secret, across members (to seal them again under a new key-encryption key). */
  all(): Promise<WebhookSecret[]> {
    return this.db.webhookSecret.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** Replaces a stored secret if it is still `from` (another process may have re-sealed it first). */
  async replaceSecret(id: string, from: string, to: string): Promise<boolean> {
    const updated = await this.db.webhookSecret.updateMany({ where: { id, secret: from }, data: { secret: to } });
    return updated.count === 1;
  }
}
