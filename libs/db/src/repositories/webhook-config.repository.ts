import type { WebhookConfig } from '../generated/prisma/client.js';
import type { PrismaService } from '../prisma.service.js';
import { webhookSecrets, type NewWebhookSecret } from './webhook-secret.repository.js';

export interface WebhookConfigInput {
  readonly url: string;
  readonly types: readonly string[];
}

/** Members' webhook configurations (one per member). Every method is scoped by member. */
export class WebhookConfigRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(memberId: string): Promise<WebhookConfig | null> {
    return this.prisma.webhookConfig.findUnique({ where: { memberId } });
  }

  /** Replaces the member's configuration (an operator's pause stays as it is). */
  put(memberId: string, config: WebhookConfigInput, now: Date): Promise<WebhookConfig> {
    const data = { url: config.url, types: [...config.types], updatedAt: now };
    return this.prisma.webhookConfig.upsert({
      where: { memberId },
      create: { memberId, ...data, createdAt: now },
      update: data,
    });
  }

  /**
   * Replaces the configuration as `put` does and, in the same transaction, stores `fresh` as its
   * `whsec_` secret when it has none signing (a new configuration, or one from before secrets).
   * True when `fresh` was stored.
   */
  async putIssuingSecret(
    memberId: string,
    config: WebhookConfigInput,
    fresh: NewWebhookSecret,
    now: Date,
  ): Promise<boolean> {
    const data = { url: config.url, types: [...config.types], updatedAt: now };
    return this.prisma.$transaction(async (tx) => {
      await tx.webhookConfig.upsert({
        where: { memberId },
        create: { memberId, ...data, createdAt: now },
        update: data,
      });
      return webhookSecrets.issueIfNone(tx, memberId, fresh, now);
    });
  }

  /**
   * Removes the member's configuration (and its secrets); the member's undelivered notifications become dead
   * letters (an operator may replay them once a configuration exists again). False when the
   * member had none.
   */
  async delete(memberId: string, now: Date): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const removed = await tx.webhookConfig.deleteMany({ where: { memberId } });
      if (removed.count === 0) return false;
      await tx.webhookDelivery.updateMany({
        where: { memberId, status: 'PENDING' },
        data: {
          status: 'DEAD',
          deadAt: now,
          nextAttemptAt: null,
          leaseUntil: null,
          lastError: 'webhook configuration deleted',
        },
      });
      return true;
    });
  }

  /** Operator: pauses (a time) or resumes (null) the member's deliveries; null when no configuration. */
  async setPaused(memberId: string, pausedAt: Date | null, now: Date): Promise<WebhookConfig | null> {
    const updated = await this.prisma.webhookConfig.updateMany({
      where: { memberId },
      data: { pausedAt, updatedAt: now },
    });
    return updated.count === 0 ? null : this.find(memberId);
  }
}
