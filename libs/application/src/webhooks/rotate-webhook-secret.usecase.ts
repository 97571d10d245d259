import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import type { MemberId } from '#libs/domain';
import { DEFAULT_SECRET_OVERLAP_SECONDS, WebhookSecretStore } from '#libs/events';

export interface RotateWebhookSecretCommand {
  readonly memberId: MemberId;
  /** How long the previous secrets keep signing (a day when absent). */
  readonly overlapSeconds?: number;
}

/** A new secret for the member's configuration; the previous ones keep signing through the overlap. */
@Injectable()
export class RotateWebhookSecretUseCase {
  constructor(
    private readonly secrets: WebhookSecretStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: RotateWebhookSecretCommand): Promise<{ secret: string; previousSecretsExpireAt: string }> {
    const rotated = await this.secrets.rotate(
      command.memberId,
      command.overlapSeconds ?? DEFAULT_SECRET_OVERLAP_SECONDS,
      this.clock.now(),
    );
    if (rotated === undefined) throw GatewayError.notFound('webhook/config', 'No webhook configuration is set.');
    return { secret: rotated.secret, previousSecretsExpireAt: rotated.previousSecretsExpireAt.toISOString() };
  }
}
