import type { Prisma, WebhookSecret } from '../generated/prisma/client.js';
import type { PrismaService } from '../prisma.service.js';

type Tx = Prisma.TransactionClient;

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

/** The `whsec_` secrets of members' webhook configurations. Every member-facing method is scoped by member. */
export const webhookSecrets = {
  /**
   * Stores `fresh` as the member's secret unless one is signing already; true when stored. Runs
   * in the transaction that holds the configuration row (just written), so two calls do not both issue.
   */
  async issueIfNone(tx: Tx, memberId: string, fresh: NewWebhookSecret, now: Date): Promise<boolean> {
    if ((await tx.webhookSecret.count({ where: signingAt(memberId, now) })) > 0) return false;
    await tx.webhookSecret.create({ data: { id: fresh.id, memberId, secret: fresh.secret, createdAt: now } });
    return true;
  },

  /**
   * Makes `fresh` the member's secret in use; those signing now keep signing until
   * `overlapEndsAt` (an earlier end they already have stays), expired ones are removed. False
   * when the member has no configuration.
   */
  async rotate(
    prisma: PrismaService,
    memberId: string,
    fresh: NewWebhookSecret,
    now: Date,
    overlapEndsAt: Date,
  ): Promise<boolean> {
    return prisma.$transaction(async (tx) => {
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
  },

  /** The member's secrets that sign at `now`, newest first. */
  signing(prisma: PrismaService, memberId: string, now: Date): Promise<WebhookSecret[]> {
    return prisma.webhookSecret.findMany({
      where: signingAt(memberId, now),
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
  },

  /** Every stored secret (to seal them again under a new key-encryption key). */
  all(prisma: PrismaService): Promise<WebhookSecret[]> {
    return prisma.webhookSecret.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  },

  /** Replaces a stored secret if it is still `from` (another process may have re-sealed it first). */
  async replaceSecret(prisma: PrismaService, id: string, from: string, to: string): Promise<boolean> {
    const updated = await prisma.webhookSecret.updateMany({ where: { id, secret: from }, data: { secret: to } });
    return updated.count === 1;
  },
};
