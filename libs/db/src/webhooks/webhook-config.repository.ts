import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { WebhookConfig } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { WebhookSecretRepository, type NewWebhookSecret } from './webhook-secret.repository.js';

export interface WebhookConfigInput {
  readonly url: string;
  readonly types: readonly string[];
}

/**
 * Members' webhook configurations (one per member). Every method is scoped by member but
 * `subscribersOf`, which finds the members an event about no member's data (a bank outage) goes to.
 */
@Injectable()
export class WebhookConfigRepository extends Repository {
  find(memberId: MemberId): Promise<WebhookConfig | null> {
    return this.db.webhookConfig.findUnique({ where: { memberId } });
  }

  /** Replaces the member's configuration (an operator's pause stays as it is). */
  put(memberId: MemberId, config: WebhookConfigInput, now: Date): Promise<WebhookConfig> {
    const data = { url: config.url, types: [...config.types], updatedAt: now };
    return this.db.webhookConfig.upsert({
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
    memberId: MemberId,
    config: WebhookConfigInput,
    fresh: NewWebhookSecret,
    now: Date,
  ): Promise<boolean> {
    return this.transaction(async (tx) => {
      await this.in(tx).put(memberId, config, now);
      return new WebhookSecretRepository(tx).issueIfNone(memberId, fresh, now);
    });
  }

  /**
   * Removes the member's configuration (and its secrets); the member's undelivered notifications become dead
   * letters (an operator may replay them once a configuration exists again). False when the
   * member had none.
   */
  async delete(memberId: MemberId, now: Date): Promise<boolean> {
    return this.transaction(async (tx) => {
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
  async setPaused(memberId: MemberId, pausedAt: Date | null, now: Date): Promise<WebhookConfig | null> {
    const updated = await this.db.webhookConfig.updateMany({
      where: { memberId },
      data: { pausedAt, updatedAt: now },
    });
    return updated.count === 0 ? null : this.find(memberId);
  }

  /** Ids of the members whose configuration subscribes to `type`, in order. */
  async subscribersOf(type: string): Promise<string[]> {
    const rows = await this.db.webhookConfig.findMany({
      where: { types: { has: type } },
      select: { memberId: true },
      orderBy: { memberId: 'asc' },
    });
    return rows.map((row) => row.memberId);
  }
}
