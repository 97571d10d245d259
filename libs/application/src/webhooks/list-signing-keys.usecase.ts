import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { WebhookSigningKeyRepository } from '#libs/db';

/** A signing key as the operator sees it (never its private part). */
export interface SigningKeyView {
  readonly kid: string;
  readonly createdDateTime: string;
  readonly retiredDateTime?: string;
  /** Still in the JWKS (in use, or retired within the grace period). */
  readonly published: boolean;
}

/** The gateway's webhook signing keys, current and retired. */
@Injectable()
export class ListSigningKeysUseCase {
  constructor(
    private readonly storedKeys: WebhookSigningKeyRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<{ keys: SigningKeyView[] }> {
    const now = this.clock.nowMs();
    const graceMs = this.config.webhooks.keyGraceHours * 3600_000;
    const keys = await this.storedKeys.list();
    return {
      keys: keys.map((key) => ({
        kid: key.kid,
        createdDateTime: key.createdAt.toISOString(),
        ...(key.retiredAt === null ? {} : { retiredDateTime: key.retiredAt.toISOString() }),
        published: key.retiredAt === null || key.retiredAt.getTime() > now - graceMs,
      })),
    };
  }
}
